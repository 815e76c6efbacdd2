import { describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../request.js';
import type { GenerateResponse } from '../response.js';
import { meter } from './meter.js';

const request = { messages: [] } as unknown as GenerateRequest;
const answer = (response: GenerateResponse) => async () => response;

describe('meter', () => {
  it('counts the usage under the model that answered and prices it when the table knows the model', async () => {
    const metered = await meter({ pricing: { 'gemini-2.5-flash': { inputPerMTok: 1, outputPerMTok: 2 } } })(
      request,
      {},
      answer({
        finishReason: 'stop',
        model: 'googleai/gemini-2.5-flash',
        usage: { inputTokens: 1_000, outputTokens: 500 },
      }),
    );
    expect(metered.usage).toEqual({
      inputTokens: 1_000,
      outputTokens: 500,
      costUsd: 0.002,
      byModel: { 'googleai/gemini-2.5-flash': { calls: 1, inputTokens: 1_000, outputTokens: 500, costUsd: 0.002 } },
    });
  });

  it('counts without a price when the model is not in the table', async () => {
    const metered = await meter()(
      request,
      {},
      answer({ finishReason: 'stop', model: 'other', usage: { inputTokens: 1 } }),
    );
    expect(metered.usage).toEqual({ inputTokens: 1, byModel: { other: { calls: 1, inputTokens: 1 } } });
  });

  it('passes on a response another meter counted, or one that names no model', async () => {
    const counted: GenerateResponse = { finishReason: 'stop', model: 'm', usage: { byModel: { m: { calls: 1 } } } };
    expect(await meter()(request, {}, answer(counted))).toBe(counted);
    const anonymous: GenerateResponse = { finishReason: 'stop' };
    expect(await meter()(request, {}, answer(anonymous))).toBe(anonymous);
  });
});
