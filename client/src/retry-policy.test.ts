import { describe, expect, it } from 'vitest';
import { FlowError } from './flow-error.js';
import { isRetryable, retryDelay } from './retry-policy.js';

describe('retryDelay', () => {
  it('grows exponentially up to the cap when the function names no wait', () => {
    const error = new FlowError('unavailable', 'down');
    const top = () => 1;
    expect([1, 2, 3, 10].map((n) => retryDelay(error, n, {}, top))).toEqual([250, 500, 1000, 5000]);
  });

  it('honours retryAfterMs, capped, when the function names a wait', () => {
    const busy = new FlowError('aborted', 'busy', { reason: 'SESSION_BUSY', retryAfterMs: 60_000 });
    expect(retryDelay(busy, 1, { maxDelayMs: 2000 })).toBe(2000);
  });
});

describe('isRetryable', () => {
  it('retries unavailable and a busy session only', () => {
    expect(isRetryable(new FlowError('unavailable', ''))).toBe(true);
    expect(isRetryable(new FlowError('aborted', '', { reason: 'SESSION_BUSY' }))).toBe(true);
    expect(isRetryable(new FlowError('aborted', ''))).toBe(false);
    expect(isRetryable(new FlowError('resource-exhausted', '', { reason: 'MODEL_QUOTA' }))).toBe(false);
  });
});
