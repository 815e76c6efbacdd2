import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolCall } from '../../generate/index.js';
import { defineTool, ToolInterruptError } from '../../tools/index.js';
import { sizeLimitsMiddleware } from './size-limits-middleware.js';

const tool = defineTool({ name: 't', description: 't', inputSchema: z.object({}).passthrough() }, () => ({}));
const call = (input: unknown): ToolCall => ({
  tool,
  request: { name: 't', ref: 'r1', input },
  resumed: undefined,
  context: {},
});
const big = 'x'.repeat(300 * 1024);

describe('sizeLimitsMiddleware', () => {
  it('passes a call and its result through when both are within the limits', async () => {
    await expect(sizeLimitsMiddleware(call({ a: 1 }), async () => ({ output: { ok: true } }))).resolves.toEqual({
      output: { ok: true },
    });
  });

  it('refuses an input over its limit before the tool runs', async () => {
    let ran = false;
    const next = async () => {
      ran = true;
      return { output: {} };
    };
    await expect(sizeLimitsMiddleware(call({ big }), next)).rejects.toMatchObject({ reason: 'PAYLOAD_TOO_LARGE' });
    expect(ran).toBe(false);
  });

  it('refuses an output over its limit', async () => {
    await expect(sizeLimitsMiddleware(call({}), async () => ({ output: big }))).rejects.toMatchObject({
      reason: 'PAYLOAD_TOO_LARGE',
      details: { field: "the output of tool 't'" },
    });
  });

  it('refuses an interrupt whose metadata is over its limit, and lets a small one through', async () => {
    const interrupt = (metadata: Record<string, unknown>) => async () =>
      Promise.reject(new ToolInterruptError(metadata));
    await expect(sizeLimitsMiddleware(call({}), interrupt({ preview: big }))).rejects.toMatchObject({
      reason: 'PAYLOAD_TOO_LARGE',
      details: { field: "the interrupt metadata of tool 't'" },
    });
    await expect(sizeLimitsMiddleware(call({}), interrupt({ preview: 'ok' }))).rejects.toBeInstanceOf(
      ToolInterruptError,
    );
  });
});
