import { describe, expect, it } from 'vitest';
import { MAX_OWN_ROUNDS } from './mcp-question.js';
import { SampleBudget } from './mcp-sample-budget.js';

const takes = (budget: SampleBudget, n: number) => Array.from({ length: n }, () => budget.take());

describe('SampleBudget', () => {
  it('answers no sample between calls', () => {
    expect(new SampleBudget().take()).toBe(false);
  });

  it('answers MAX_OWN_ROUNDS samples while one call runs, then refuses', () => {
    const budget = new SampleBudget();
    budget.open();
    expect(takes(budget, MAX_OWN_ROUNDS).every(Boolean)).toBe(true);
    expect(budget.take()).toBe(false);
  });

  it('drops a finished call’s unspent samples, and counts its end once', () => {
    const budget = new SampleBudget();
    const first = budget.open();
    budget.open();
    first();
    first();
    expect(takes(budget, MAX_OWN_ROUNDS + 1)).toEqual([...Array(MAX_OWN_ROUNDS).fill(true), false]);
  });
});
