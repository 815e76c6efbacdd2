import { describe, expect, it } from 'vitest';
import { retryAfterMsOf, ruleForStatus } from './to-kit-error.js';

describe('ruleForStatus', () => {
  it('makes a 4xx the operator’s fault, a 429 a quota and a 5xx transient', () => {
    expect(ruleForStatus(400)).toEqual({ code: 'internal', reason: 'SERVER_MISCONFIGURED' });
    expect(ruleForStatus(418)).toEqual({ code: 'internal', reason: 'SERVER_MISCONFIGURED' });
    expect(ruleForStatus(429)).toEqual({ code: 'resource-exhausted', reason: 'MODEL_QUOTA' });
    expect(ruleForStatus(503)).toEqual({ code: 'unavailable', reason: 'MODEL_UNAVAILABLE' });
    expect(ruleForStatus(599)).toEqual({ code: 'unavailable', reason: 'MODEL_UNAVAILABLE' });
    expect(ruleForStatus(504)).toEqual({ code: 'deadline-exceeded', reason: 'MODEL_UNAVAILABLE' });
  });
});

describe('retryAfterMsOf', () => {
  it('reads the wait from a RetryInfo detail, rounded up to the millisecond', () => {
    const details = [
      { '@type': 'type.googleapis.com/google.rpc.QuotaFailure' },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.5s' },
    ];
    expect(retryAfterMsOf({ details })).toBe(1_500);
    expect(retryAfterMsOf({ details: [{ '@type': 'x.google.rpc.RetryInfo', retryDelay: '37s' }] })).toBe(37_000);
  });

  it('names no wait when the body has no RetryInfo or an unreadable delay', () => {
    expect(retryAfterMsOf({})).toBeUndefined();
    expect(retryAfterMsOf({ details: [{ '@type': 'google.rpc.RetryInfo', retryDelay: 'soon' }] })).toBeUndefined();
  });
});
