import { describe, expect, it } from 'vitest';
import { errorReason, retryAfterMs } from './error-reason.js';

/** An error as the Firebase JS SDK throws it for an HttpsError with details. */
const sdkError = (details: unknown) => Object.assign(new Error('x'), { code: 'functions/resource-exhausted', details });

describe('errorReason', () => {
  it('reads details.reason when the kit gave one', () => {
    expect(errorReason(sdkError({ reason: 'RATE_LIMITED' }))).toBe('RATE_LIMITED');
  });

  it('is undefined when the error has no details', () => {
    expect(errorReason(new Error('boom'))).toBeUndefined();
    expect(errorReason(sdkError('text'))).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  it('reads details.retryAfterMs when it is a number of milliseconds', () => {
    expect(retryAfterMs(sdkError({ reason: 'RATE_LIMITED', retryAfterMs: 4200 }))).toBe(4200);
    expect(retryAfterMs(sdkError({ retryAfterMs: '5' }))).toBeUndefined();
  });
});
