import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KitError } from '../errors/index.js';
import { generate } from '../generate/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { defineTool } from '../tools/index.js';
import { defineModel } from './define-model.js';
import { fallback } from './middleware/fallback.js';
import { meter } from './middleware/meter.js';
import { retry } from './middleware/retry.js';
import type { Pricing } from './pricing.js';
import { route } from './route.js';

const pricing: Pricing = {
  'gemini-2.5-flash': { inputPerMTok: 0.3, outputPerMTok: 2.5 },
  'googleai/gemini-2.5-pro': { inputPerMTok: 1.25, outputPerMTok: 10 },
};
const usage = { inputTokens: 1_000_000, outputTokens: 100_000 };
const answer = (text: string) => ({
  message: { role: 'model' as const, content: [{ text }] },
  finishReason: 'stop' as const,
  usage,
});
const flash = () => scriptedModel(() => answer('flash'), { name: 'googleai/gemini-2.5-flash' });
const pro = () => scriptedModel(() => answer('pro'), { name: 'googleai/gemini-2.5-pro' });
const lookup = defineTool(
  { name: 'lookup', description: 'Looks an order up', inputSchema: z.object({ id: z.string() }) },
  async ({ id }) => ({ id }),
);

describe('route', () => {
  it('picks the cheap model for a short request and the strong one for a long request', async () => {
    const [cheap, strong] = [flash(), pro()];
    const model = route(({ chars }) => (chars > 100 ? strong : cheap));
    expect((await generate({ model, prompt: 'hi' })).text).toBe('flash');
    expect((await generate({ model, prompt: 'x'.repeat(200) })).text).toBe('pro');
    expect([cheap.requests.length, strong.requests.length]).toEqual([1, 1]);
  });

  it('picks by the tools offered and by the task label, which the chosen model never sees', async () => {
    const [cheap, strong] = [flash(), pro()];
    const model = route(({ tools, task }) => (task === 'plan' || tools.includes('lookup') ? strong : cheap));
    expect((await generate({ model, prompt: 'hi', tools: [lookup] })).text).toBe('pro');
    expect((await generate({ model, prompt: 'hi', config: { task: 'plan', temperature: 0 } })).text).toBe('pro');
    expect(strong.requests[1]?.config).toEqual({ temperature: 0 });
    expect((await generate({ model, prompt: 'hi', config: { task: 'chat' } })).text).toBe('flash');
  });

  it('sums tokens and estimated cost per model when a turn routes to two models', async () => {
    const [cheap, strong] = [flash(), pro()];
    // The first round offers tools (strong model asks for one), the second is cheap.
    let calls = 0;
    const asking = scriptedModel(
      () => ({
        message: { role: 'model', content: [{ toolRequest: { name: 'lookup', ref: 'r1', input: { id: 'a' } } }] },
        finishReason: 'stop',
        usage,
      }),
      { name: 'googleai/gemini-2.5-pro' },
    );
    const model = route(() => (calls++ === 0 ? asking : cheap), { pricing });
    const result = await generate({ model, prompt: 'where is a?', tools: [lookup] });
    expect(result.text).toBe('flash');
    const proCost = 1.25 + 0.1 * 10;
    const flashCost = 0.3 + 0.1 * 2.5;
    expect(result.usage.byModel).toEqual({
      'googleai/gemini-2.5-pro': { calls: 1, ...usage, costUsd: proCost },
      'googleai/gemini-2.5-flash': { calls: 1, ...usage, costUsd: flashCost },
    });
    expect(result.usage.costUsd).toBeCloseTo(proCost + flashCost, 10);
    expect(result.usage.inputTokens).toBe(2_000_000);
    expect(strong.requests).toHaveLength(0);
  });

  it('counts the fallback model’s usage under its own name when the routed model is unavailable', async () => {
    const down = defineModel({ name: 'googleai/gemini-2.5-flash' }, async () => {
      throw new KitError('unavailable', 'flash is down');
    });
    const backup = pro();
    const result = await generate({
      model: route(() => down),
      prompt: 'hi',
      use: [meter({ pricing }), retry({ maxRetries: 1, initialDelayMs: 1 }), fallback({ models: [backup] })],
    });
    expect(result.text).toBe('pro');
    expect(Object.keys(result.usage.byModel ?? {})).toEqual(['googleai/gemini-2.5-pro']);
    expect(result.usage.costUsd).toBeCloseTo(2.25, 10);
  });

  it('counts a model with no price without a cost', async () => {
    const other = scriptedModel(() => answer('x'), { name: 'local/llama' });
    const result = await generate({ model: other, prompt: 'hi', use: [meter({ pricing })] });
    expect(result.usage.byModel).toEqual({ 'local/llama': { calls: 1, ...usage } });
    expect(result.usage.costUsd).toBeUndefined();
  });
});
