import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generate } from '../../generate/index.js';
import type { GenerateResponseChunk } from '../../model/index.js';
import {
  type FakeGemini,
  type GeminiJson,
  geminiResponse,
  geminiText,
  startFakeGemini,
} from '../../test-utils/fake-gemini/index.js';
import { defineInterrupt, defineTool } from '../../tools/index.js';
import { type GeminiModel, gemini } from './index.js';

let fake: FakeGemini;
let model: GeminiModel;
beforeAll(async () => {
  fake = await startFakeGemini();
  model = gemini({ model: 'gemini-3-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url } });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function recordingLookup() {
  const calls: { id: string; ref: string }[] = [];
  const tool = defineTool(
    {
      name: 'orders/lookup',
      description: 'Finds an order.',
      inputSchema: z.object({ id: z.string() }),
      outputSchema: z.object({ status: z.string() }),
    },
    ({ id }, ctx) => {
      calls.push({ id, ref: ctx.ref });
      return { status: `order ${id} shipped` };
    },
  );
  return { tool, calls };
}

const contentsOf = (index: number) => fake.requests[index]?.body.contents as GeminiJson[];

describe('gemini', () => {
  it('sends thought signatures back with two parallel calls and their results when the loop runs a tool turn', async () => {
    const { tool, calls } = recordingLookup();
    fake.enqueue(
      {
        response: geminiResponse(
          [
            { text: 'Two orders to check.', thought: true, thoughtSignature: 'sig-thought' },
            { functionCall: { name: 'lookup', args: { id: 'A' } }, thoughtSignature: 'sig-call' },
            { functionCall: { name: 'lookup', args: { id: 'B' } } },
          ],
          { responseId: 'resp-1' },
        ),
      },
      { response: geminiText('Both shipped.') },
    );
    const result = await generate({ model, prompt: 'Where are A and B?', tools: [tool] });

    expect(result.text).toBe('Both shipped.');
    expect(calls).toEqual([
      { id: 'A', ref: 'resp-1_0' },
      { id: 'B', ref: 'resp-1_1' },
    ]);
    expect(contentsOf(1)).toEqual([
      { role: 'user', parts: [{ text: 'Where are A and B?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Two orders to check.', thought: true, thoughtSignature: 'sig-thought' },
          { functionCall: { name: 'lookup', args: { id: 'A' } }, thoughtSignature: 'sig-call' },
          { functionCall: { name: 'lookup', args: { id: 'B' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'lookup', response: { status: 'order A shipped' } } },
          { functionResponse: { name: 'lookup', response: { status: 'order B shipped' } } },
        ],
      },
    ]);
  });

  it('echoes Gemini call ids on the calls and their responses when Gemini gave ids', async () => {
    const { tool, calls } = recordingLookup();
    fake.enqueue(
      { response: geminiResponse([{ functionCall: { id: 'fc-9', name: 'lookup', args: { id: 'C' } } }]) },
      { response: geminiText('Shipped.') },
    );
    await generate({ model, prompt: 'C?', tools: [tool] });
    expect(calls).toEqual([{ id: 'C', ref: 'fc-9' }]);
    expect(contentsOf(1).slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { id: 'fc-9', name: 'lookup', args: { id: 'C' } } }] },
      {
        role: 'user',
        parts: [{ functionResponse: { id: 'fc-9', name: 'lookup', response: { status: 'order C shipped' } } }],
      },
    ]);
  });

  it('streams model chunks and tool responses across the turn when generate streams', async () => {
    const { tool } = recordingLookup();
    fake.enqueue(
      {
        chunks: [
          geminiResponse([{ text: 'Checking.' }], { finishReason: undefined }),
          geminiResponse([{ functionCall: { id: 'fc-1', name: 'lookup', args: { id: 'D' } } }]),
        ],
      },
      { chunks: [geminiResponse([{ text: 'Done' }], { finishReason: undefined }), geminiText('.')] },
    );
    const chunks: GenerateResponseChunk[] = [];
    const result = await generate({ model, prompt: 'D?', tools: [tool], onChunk: (c) => chunks.push(c) });
    expect(result.text).toBe('Done.');
    expect(fake.requests.map((r) => r.action)).toEqual(['streamGenerateContent', 'streamGenerateContent']);
    expect(chunks).toEqual([
      { index: 0, role: 'model', content: [{ text: 'Checking.' }] },
      {
        index: 0,
        role: 'model',
        content: [{ toolRequest: { name: 'orders/lookup', ref: 'fc-1', input: { id: 'D' } } }],
      },
      {
        index: 1,
        role: 'tool',
        content: [{ toolResponse: { name: 'orders/lookup', ref: 'fc-1', output: { status: 'order D shipped' } } }],
      },
      { index: 2, role: 'model', content: [{ text: 'Done' }] },
      { index: 2, role: 'model', content: [{ text: '.' }] },
    ]);
  });

  it('sends the stored signature with the answer when an interrupted turn is resumed', async () => {
    const confirm = defineInterrupt({
      name: 'confirm',
      description: 'Asks the user.',
      inputSchema: z.object({ amount: z.number() }),
      outputSchema: z.object({ ok: z.boolean() }),
    });
    fake.enqueue({
      response: geminiResponse(
        [{ functionCall: { name: 'confirm', args: { amount: 5 } }, thoughtSignature: 'sig-confirm' }],
        { responseId: 'resp-i' },
      ),
    });
    const first = await generate({ model, prompt: 'Pay 5', tools: [confirm] });
    expect(first.finishReason).toBe('interrupted');
    const interrupt = first.interrupts[0];
    if (!interrupt) throw new Error('expected an interrupt');

    fake.enqueue({ response: geminiText('Paid.') });
    const resumed = await generate({
      model,
      messages: first.messages,
      tools: [confirm],
      resume: { respond: [confirm.respond(interrupt, { ok: true })] },
    });
    expect(resumed.text).toBe('Paid.');
    expect(contentsOf(1).slice(1)).toEqual([
      {
        role: 'model',
        parts: [{ functionCall: { name: 'confirm', args: { amount: 5 } }, thoughtSignature: 'sig-confirm' }],
      },
      { role: 'user', parts: [{ functionResponse: { name: 'confirm', response: { ok: true } } }] },
    ]);
  });
});
