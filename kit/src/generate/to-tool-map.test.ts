import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isKitError } from '../errors/index.js';
import { defineTool } from '../tools/index.js';
import { lookupTool, toToolMap } from './to-tool-map.js';

const tool = (name: string) => defineTool({ name, description: name, inputSchema: z.object({}) }, () => ({}));

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('toToolMap', () => {
  it('maps each tool by its name when the names and short names are unique', () => {
    const map = toToolMap([tool('billing/refund'), tool('lookup')]);
    expect([...map.keys()]).toEqual(['billing/refund', 'lookup']);
    expect(toToolMap(undefined).size).toBe(0);
  });

  it('refuses two tools with one name', () => {
    const error = thrown(() => toToolMap([tool('a'), tool('a')]));
    expect(isKitError(error) && error.code).toBe('invalid-argument');
  });

  it('refuses two tools whose short names collide, naming both', () => {
    const error = thrown(() => toToolMap([tool('billing/refund'), tool('orders/refund')]));
    expect(error).toMatchObject({ details: { tools: ['billing/refund', 'orders/refund'] } });
  });
});

describe('lookupTool', () => {
  it('finds a tool by its full name or by the short name the model was offered', () => {
    const map = toToolMap([tool('billing/refund'), tool('lookup')]);
    expect(lookupTool(map, 'billing/refund')?.name).toBe('billing/refund');
    expect(lookupTool(map, 'refund')?.name).toBe('billing/refund');
    expect(lookupTool(map, 'missing')).toBeUndefined();
  });
});
