import { describe, expect, it } from 'vitest';
import { chargeOf, tokensOf } from './usage-charge.js';

describe('tokensOf', () => {
  it('adds input and output tokens, counting what is missing, negative or not finite as 0', () => {
    expect(tokensOf({ inputTokens: 30, outputTokens: 12 })).toBe(42);
    expect(tokensOf({ inputTokens: -3, outputTokens: Number.NaN })).toBe(0);
    expect(tokensOf(undefined)).toBe(0);
  });
});

describe('chargeOf', () => {
  it("charges the session's owner on the UTC day of the time, whoever made the write", () => {
    const at = Date.parse('2026-12-01T23:59:59Z');
    expect(chargeOf({ id: 's1', ownerUid: 'alice' }, 7, at)).toEqual({
      uid: 'alice',
      day: '2026-12-01',
      sessionId: 's1',
      tokens: 7,
    });
  });
});
