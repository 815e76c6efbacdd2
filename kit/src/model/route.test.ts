import { describe, expect, it } from 'vitest';
import { KitError } from '../errors/index.js';
import { defineModel } from './define-model.js';
import { fallback } from './middleware/fallback.js';
import { meter } from './middleware/meter.js';
import { retry } from './middleware/retry.js';
import type { Pricing } from './pricing.js';
import type { GenerateRequest } from './request.js';
import type { GenerateResponse } from './response.js';
import { route } from './route.js';
import { withMiddleware } from './with-middleware.js';

// Tested at the model contract, as generate calls a model: one request in, one response out.

const pricing: Pricing = {
  'gemini-2.5-flash': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
  'googleai/gemini-2.5-pro': { inputPerMTok: 1.25, outputPerMTok: 10 },
};
const usage = { inputTokens: 1_000_000, outputTokens: 100_000 };

/** A model that answers every request with `text`, and the requests it got. */
function answering(name: string, text: string) {
  const requests: GenerateRequest[] = [];
  const model = defineModel({ name }, async (request) => {
    requests.push(request);
    return { message: { role: 'model', content: [{ text }] }, finishReason: 'stop', usage };
  });
  return Object.assign(model, { requests });
}
const flash = () => answering('googleai/gemini-2.5-flash', 'flash');
const pro = () => answering('googleai/gemini-2.5-pro', 'pro');
const ask = (text: string, more: Partial<GenerateRequest> = {}): GenerateRequest => ({
  messages: [{ role: 'user', content: [{ text }] }],
  ...more,
});
const lookup = { name: 'lookup', description: 'Looks an order up' };
const textOf = (response: GenerateResponse) => response.message?.content.map((p) => ('text' in p ? p.text : ''));

describe('route', () => {
  it('picks the cheap model for a short request and the strong one for a long request', async () => {
    const [cheap, strong] = [flash(), pro()];
    const model = route(({ chars }) => (chars > 100 ? strong : cheap));
    expect(textOf(await model.generate(ask('hi')))).toEqual(['flash']);
    expect(textOf(await model.generate(ask('x'.repeat(200))))).toEqual(['pro']);
    expect([cheap.requests.length, strong.requests.length]).toEqual([1, 1]);
  });

  it('picks by the tools offered and by the task label, which the chosen model never sees', async () => {
    const [cheap, strong] = [flash(), pro()];
    const model = route(({ tools, task }) => (task === 'plan' || tools.includes('lookup') ? strong : cheap));
    expect(textOf(await model.generate(ask('hi', { tools: [lookup] })))).toEqual(['pro']);
    expect(textOf(await model.generate(ask('hi', { config: { task: 'plan', temperature: 0 } })))).toEqual(['pro']);
    expect(strong.requests[1]?.config).toEqual({ temperature: 0 });
    expect(textOf(await model.generate(ask('hi', { config: { task: 'chat' } })))).toEqual(['flash']);
  });

  it('names the model that answered and meters its cost by its price when the route has a price table', async () => {
    let calls = 0;
    const [cheap, strong] = [flash(), pro()];
    const model = route(() => (calls++ === 0 ? strong : cheap), { pricing });
    const first = await model.generate(ask('where is a?'));
    const second = await model.generate(ask('and b?'));
    const proCost = 1.25 + 0.1 * 10;
    const flashCost = 0.3 + 0.1 * 2.5;
    expect(first.model).toBe('googleai/gemini-2.5-pro');
    expect(first.usage?.byModel).toEqual({ 'googleai/gemini-2.5-pro': { calls: 1, ...usage, costUsd: proCost } });
    expect(second.usage?.byModel).toEqual({ 'googleai/gemini-2.5-flash': { calls: 1, ...usage, costUsd: flashCost } });
  });

  it('counts the fallback model’s usage under its own name when the routed model is unavailable', async () => {
    const down = defineModel({ name: 'googleai/gemini-2.5-flash' }, async () => {
      throw new KitError('unavailable', 'flash is down');
    });
    const backup = pro();
    const use = [meter({ pricing }), retry({ maxRetries: 1, initialDelayMs: 1 }), fallback({ models: [backup] })];
    const response = await withMiddleware(
      route(() => down),
      use,
    ).generate(ask('hi'));
    expect(textOf(response)).toEqual(['pro']);
    expect(Object.keys(response.usage?.byModel ?? {})).toEqual(['googleai/gemini-2.5-pro']);
    expect(response.usage?.costUsd).toBeCloseTo(2.25, 10);
  });

  it('counts a model with no price without a cost', async () => {
    const other = answering('local/llama', 'x');
    const response = await withMiddleware(other, [meter({ pricing })]).generate(ask('hi'));
    expect(response.usage?.byModel).toEqual({ 'local/llama': { calls: 1, ...usage } });
    expect(response.usage?.costUsd).toBeUndefined();
  });
});
