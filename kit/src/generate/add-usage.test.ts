import { describe, expect, it } from 'vitest';
import type { Usage } from '../model/index.js';
import { addUsage } from './add-usage.js';

describe('addUsage', () => {
  it('adds every counter, custom ones and those of each model, into the total', () => {
    const total: Usage = { inputTokens: 1, custom: { a: 1 }, byModel: { m1: { inputTokens: 1 } } };
    addUsage(total, {
      inputTokens: 2,
      outputTokens: 3,
      custom: { a: 2, b: 1 },
      byModel: { m1: { inputTokens: 4 }, m2: { outputTokens: 5 } },
    });
    expect(total).toEqual({
      inputTokens: 3,
      outputTokens: 3,
      custom: { a: 3, b: 1 },
      byModel: { m1: { inputTokens: 5 }, m2: { outputTokens: 5 } },
    });
  });

  it('leaves the total as it is when there is nothing to add', () => {
    const total: Usage = { inputTokens: 1 };
    expect(addUsage(total, undefined)).toBe(total);
    expect(total).toEqual({ inputTokens: 1 });
  });
});
