import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateRequest, GenerateResponseChunk } from '../../model/index.js';
import {
  type FakeGemini,
  geminiResponse,
  geminiTextChunks,
  startFakeGemini,
} from '../../test-utils/fake-gemini/index.js';
import { type GeminiModel, gemini } from './index.js';

let fake: FakeGemini;
let model: GeminiModel;
beforeAll(async () => {
  fake = await startFakeGemini();
  model = gemini({ model: 'gemini-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url } });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const request: GenerateRequest = {
  messages: [{ role: 'user', content: [{ text: 'hi' }] }],
  tools: [{ name: 'lookup', description: 'Looks up.' }],
};

/** Streams `request` and returns what arrived, chunks and the result or error. */
async function stream(options: { signal?: AbortSignal; onChunk?: (chunk: GenerateResponseChunk) => void } = {}) {
  const chunks: GenerateResponseChunk[] = [];
  const onChunk = (chunk: GenerateResponseChunk) => {
    chunks.push(chunk);
    options.onChunk?.(chunk);
  };
  try {
    const response = await model.generate(request, { onChunk, ...(options.signal ? { signal: options.signal } : {}) });
    return { chunks, response, error: undefined };
  } catch (error) {
    return { chunks, response: undefined, error };
  }
}

describe('gemini', () => {
  it('streams thoughts, text and calls as they arrive and assembles the final message when streaming', async () => {
    fake.enqueue({
      chunks: [
        geminiResponse([{ text: 'Plan: ', thought: true }], { finishReason: undefined }),
        geminiResponse([{ text: 'look it up.', thought: true }], { finishReason: undefined }),
        geminiResponse([{ text: 'Checking ' }], { finishReason: undefined }),
        geminiResponse([{ text: 'now.' }], { finishReason: undefined }),
        // Gemini 3 may close a streamed text with an empty part that only carries the signature.
        geminiResponse([{ text: '', thoughtSignature: 'sig-end' }], { finishReason: undefined }),
        geminiResponse([{ functionCall: { id: 'c1', name: 'lookup', args: { q: 1 } }, thoughtSignature: 'sig-fc' }], {
          usage: { promptTokenCount: 4, candidatesTokenCount: 6, thoughtsTokenCount: 2, totalTokenCount: 12 },
        }),
      ],
    });
    const { chunks, response, error } = await stream();
    expect(error).toBeUndefined();
    expect(fake.requests[0]?.action).toBe('streamGenerateContent');
    expect(chunks.map((c) => c.content)).toEqual([
      [{ reasoning: 'Plan: ' }],
      [{ reasoning: 'look it up.' }],
      [{ text: 'Checking ' }],
      [{ text: 'now.' }],
      [{ text: '', metadata: { thoughtSignature: 'sig-end' } }],
      [{ toolRequest: { name: 'lookup', ref: 'c1', input: { q: 1 } }, metadata: { thoughtSignature: 'sig-fc' } }],
    ]);
    expect(response?.message?.content).toEqual([
      { reasoning: 'Plan: look it up.' },
      { text: 'Checking now.', metadata: { thoughtSignature: 'sig-end' } },
      { toolRequest: { name: 'lookup', ref: 'c1', input: { q: 1 } }, metadata: { thoughtSignature: 'sig-fc' } },
    ]);
    expect(response?.finishReason).toBe('stop');
    expect(response?.usage).toEqual({ inputTokens: 4, outputTokens: 6, thoughtsTokens: 2, totalTokens: 12 });
  });

  it('streams two parallel function calls with distinct refs when one chunk carries both', async () => {
    fake.enqueue({
      chunks: [
        geminiResponse(
          [
            { functionCall: { name: 'lookup', args: { id: 'a' } }, thoughtSignature: 'sig-1' },
            { functionCall: { name: 'lookup', args: { id: 'b' } } },
          ],
          { responseId: 'r-par' },
        ),
      ],
    });
    const { chunks, response } = await stream();
    const calls = [
      {
        toolRequest: { name: 'lookup', ref: 'r-par_0', input: { id: 'a' } },
        metadata: { syntheticRef: true, thoughtSignature: 'sig-1' },
      },
      { toolRequest: { name: 'lookup', ref: 'r-par_1', input: { id: 'b' } }, metadata: { syntheticRef: true } },
    ];
    expect(chunks.map((c) => c.content)).toEqual([calls]);
    expect(response?.message?.content).toEqual(calls);
  });

  it('fails with unavailable after streaming what came when the stream ends without a finish reason', async () => {
    fake.enqueue({ chunks: geminiTextChunks('cut off here', { finishReason: undefined }) });
    const { chunks, error } = await stream();
    expect(chunks).toHaveLength(3);
    expect(error).toMatchObject({
      code: 'unavailable',
      details: { problem: 'incomplete-stream', chunks: 3, reason: 'MODEL_UNAVAILABLE' },
    });
  });

  it('fails with unavailable when the stream stops in the middle of a JSON event', async () => {
    fake.enqueue({
      chunks: geminiTextChunks('half', { finishReason: undefined }).slice(0, 1),
      raw: 'data: {"candidates": [{"content": {"parts": [{"te',
    });
    const { chunks, error } = await stream();
    expect(chunks).toHaveLength(1);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect((error as Error).message).toContain('malformed');
  });

  it('fails with the error code of an error event when Gemini sends one mid-stream', async () => {
    fake.enqueue({
      chunks: [geminiResponse([{ text: 'partial' }], { finishReason: undefined })],
      errorChunk: { code: 429, message: 'quota gone' },
    });
    const { chunks, error } = await stream();
    expect(chunks).toHaveLength(1);
    expect(error).toMatchObject({ code: 'resource-exhausted', reason: 'MODEL_QUOTA' });
    expect((error as Error).message).not.toContain('quota gone');
    expect(((error as Error).cause as Error).message).toContain('quota gone');
  });

  it('fails with unavailable when the socket drops mid-stream', async () => {
    fake.enqueue({
      chunks: [geminiResponse([{ text: 'partial' }], { finishReason: undefined })],
      drop: 'after-chunks',
    });
    const { chunks, error } = await stream();
    expect(chunks).toHaveLength(1);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect((error as Error).message).toContain('lost its connection');
  });

  it('stops the HTTP stream and fails with aborted when the caller aborts mid-stream', async () => {
    fake.enqueue({ chunks: geminiTextChunks('one two three four five six seven eight'), chunkDelayMs: 40 });
    const controller = new AbortController();
    const { chunks, error } = await stream({
      signal: controller.signal,
      onChunk: (chunk) => {
        if (chunk.content.length) controller.abort();
      },
    });
    expect(error).toMatchObject({ code: 'aborted' });
    // Events already buffered may still be read; the eight of a full answer may not.
    expect(chunks.length).toBeLessThan(8);
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
  });

  it('rethrows the error of a throwing onChunk as it is and closes the stream when the caller fails', async () => {
    fake.enqueue({ chunks: geminiTextChunks('one two three four five six'), chunkDelayMs: 30 });
    const mine = new Error('consumer broke');
    const { error } = await stream({
      onChunk: () => {
        throw mine;
      },
    });
    expect(error).toBe(mine);
    await expect.poll(() => fake.requests[0]?.disconnected).toBe(true);
  });

  it('answers blocked rather than failing when a stream carries only prompt feedback', async () => {
    fake.enqueue({ chunks: [{ promptFeedback: { blockReason: 'SAFETY' }, responseId: 'r-b' }] });
    const { response, error } = await stream();
    expect(error).toBeUndefined();
    expect(response?.finishReason).toBe('blocked');
    expect(response?.message).toBeUndefined();
  });
});
