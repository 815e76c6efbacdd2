import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { defineTool } from '../tools/index.js';
import { generate } from './generate.js';

const refund = defineTool(
  { name: 'billing/refund', description: 'Refunds an order.', inputSchema: z.object({ orderId: z.string() }) },
  ({ orderId }) => ({ refunded: orderId }),
);
const calling = (name: string): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, ref: 'r1', input: { orderId: 'A-1' } } }] },
  finishReason: 'stop',
});

describe('namespaced tools', () => {
  it('offers the short name with the original in metadata and maps the model’s call back when it calls the short name', async () => {
    const model = scriptedModel([calling('refund'), 'Refunded.']);
    const result = await generate({ model, prompt: 'refund A-1', tools: [refund] });
    expect(model.requests[0]?.tools).toEqual([
      expect.objectContaining({ name: 'refund', metadata: { originalName: 'billing/refund' } }),
    ]);
    // The kit's own history keeps the full name; the model sees only the short one.
    expect(result.messages[1]?.content[0]).toMatchObject({ toolRequest: { name: 'billing/refund' } });
    expect(result.messages[2]?.content[0]).toMatchObject({
      toolResponse: { name: 'billing/refund', output: { refunded: 'A-1' } },
    });
    const history = model.requests[1]?.messages.flatMap((m) => m.content) ?? [];
    expect(history).toContainEqual(
      expect.objectContaining({ toolRequest: expect.objectContaining({ name: 'refund' }) }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({ toolResponse: expect.objectContaining({ name: 'refund' }) }),
    );
    expect(result.text).toBe('Refunded.');
  });

  it('streams the model’s call under the full name when streaming', async () => {
    const model = scriptedModel([calling('refund'), 'Refunded.']);
    const names: string[] = [];
    await generate({
      model,
      prompt: 'refund A-1',
      tools: [refund],
      onChunk: (chunk) => {
        for (const part of chunk.content) if ('toolRequest' in part) names.push(part.toolRequest.name);
      },
    });
    expect(names).toEqual(['billing/refund']);
  });

  it('refuses two tools whose short names collide as invalid-argument', async () => {
    const other = defineTool({ name: 'orders/refund', description: 'Another refund.' }, () => 1);
    const failing = generate({ model: scriptedModel(['x']), prompt: 'x', tools: [refund, other] });
    await expect(failing).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining("both offered to the model as 'refund'"),
    });
  });
});
