import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { defineTool, type Tool, type ToolSource } from '../tools/index.js';
import { generate } from './generate.js';

const lookup = defineTool(
  { name: 'lookup', description: 'Looks an order up.', inputSchema: z.object({ orderId: z.string() }) },
  ({ orderId }) => ({ found: orderId }),
) as unknown as Tool;
const calling: ModelRunnerResponse = {
  message: { role: 'model', content: [{ toolRequest: { name: 'lookup', ref: 'r1', input: { orderId: 'A-1' } } }] },
  finishReason: 'stop',
};

describe('generate with a tool source', () => {
  it('offers the source’s tools on the first model call and runs them, listing with the caller’s context', async () => {
    const contexts: unknown[] = [];
    const source: ToolSource = {
      kind: 'tool-source',
      name: 'orders',
      tools: async (context) => {
        contexts.push(context);
        return [lookup];
      },
    };
    const model = scriptedModel([calling, 'Found.']);
    const result = await generate({ model, prompt: 'find A-1', tools: [source], context: { uid: 'ann' } });
    expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual(['lookup']);
    expect(result.messages[2]?.content[0]).toMatchObject({ toolResponse: { output: { found: 'A-1' } } });
    expect(result.text).toBe('Found.');
    expect(contexts).toEqual([{ uid: 'ann' }]);
  });

  it('refuses a source tool whose name another tool has, before any model call', async () => {
    const source: ToolSource = { kind: 'tool-source', name: 'orders', tools: () => [lookup] };
    const model = scriptedModel(['never']);
    await expect(generate({ model, prompt: 'x', tools: [lookup, source] })).rejects.toThrow(
      "two tools are named 'lookup'",
    );
    expect(model.requests).toEqual([]);
  });
});
