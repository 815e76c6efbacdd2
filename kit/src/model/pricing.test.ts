import { describe, expect, it } from 'vitest';
import { costOf, priceOf } from './pricing.js';

const flash = { inputPerMTok: 0.3, outputPerMTok: 2.5, cachedInputPerMTok: 0.075 };

describe('priceOf', () => {
  it('finds a price by the full name, else by the name after the provider prefix', () => {
    const pricing = { 'gemini-2.5-flash': flash, 'vertexai/gemini-2.5-pro': { inputPerMTok: 1, outputPerMTok: 10 } };
    expect(priceOf(pricing, 'googleai/gemini-2.5-flash')).toBe(flash);
    expect(priceOf(pricing, 'vertexai/gemini-2.5-pro')?.inputPerMTok).toBe(1);
    expect(priceOf(pricing, 'other')).toBeUndefined();
  });
});

describe('costOf', () => {
  it('bills cached input at its own price and thinking as output when no thinking price is set', () => {
    const usage = {
      inputTokens: 1_000_000,
      cachedContentTokens: 400_000,
      outputTokens: 100_000,
      thoughtsTokens: 100_000,
    };
    // 600k fresh input, 400k cached, 200k output-priced tokens.
    expect(costOf(usage, flash)).toBeCloseTo(0.6 * 0.3 + 0.4 * 0.075 + 0.2 * 2.5, 10);
  });

  it('costs nothing when the usage is empty', () => {
    expect(costOf({}, flash)).toBe(0);
  });
});
