import { describe, expect, it } from 'vitest';
import { callUsage, requestedSessionId } from './call-usage.js';

describe('requestedSessionId', () => {
  it('takes a plausible session id from raw data and nothing else', () => {
    expect(requestedSessionId({ sessionId: 's1' })).toBe('s1');
    expect(requestedSessionId({ sessionId: '' })).toBeUndefined();
    expect(requestedSessionId({ sessionId: 'x'.repeat(129) })).toBeUndefined();
    expect(requestedSessionId({ sessionId: 7 })).toBeUndefined();
    expect(requestedSessionId(null)).toBeUndefined();
  });
});

describe('callUsage', () => {
  it('counts input and output tokens of an agent’s result in its session', () => {
    expect(callUsage({ sessionId: 's', usage: { inputTokens: 10, outputTokens: 5 } }, 'other')).toEqual({
      sessionId: 's',
      tokens: 15,
    });
  });

  it('counts nothing it can’t trust and falls back to the requested session when the result is no agent’s', () => {
    expect(callUsage({ usage: { inputTokens: -3, outputTokens: Number.NaN } }, 'asked')).toEqual({
      sessionId: 'asked',
      tokens: 0,
    });
    expect(callUsage('a flow output', undefined)).toEqual({ sessionId: undefined, tokens: 0 });
  });
});
