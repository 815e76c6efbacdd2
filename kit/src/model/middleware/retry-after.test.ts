import { describe, expect, it } from 'vitest';
import { KitError } from '../../errors/index.js';
import { retryAfterMs } from './retry-after.js';

const retryInfo = (delay: string) =>
  JSON.stringify({
    error: {
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      details: [
        { '@type': 'type.googleapis.com/google.rpc.QuotaFailure' },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: delay },
      ],
    },
  });

describe('retryAfterMs', () => {
  it('reads details.retryAfterMs when a kit error carries it', () => {
    expect(retryAfterMs(new KitError('resource-exhausted', 'q', { details: { retryAfterMs: 1500 } }))).toBe(1500);
  });

  it("reads Gemini's RetryInfo when the cause's message is the error body", () => {
    const error = new KitError('resource-exhausted', 'q', { cause: new Error(retryInfo('0.25s')) });
    expect(retryAfterMs(error)).toBe(250);
  });

  it('reads a Retry-After header in seconds or as a date when a cause has headers', () => {
    const seconds = Object.assign(new Error('429'), { headers: new Headers({ 'retry-after': '3' }) });
    expect(retryAfterMs(new KitError('unavailable', 'x', { cause: seconds }))).toBe(3000);
    const now = Date.parse('2026-11-30T12:00:00Z');
    const date = Object.assign(new Error('503'), { headers: { 'retry-after': 'Mon, 30 Nov 2026 12:00:05 GMT' } });
    expect(retryAfterMs(date, now)).toBe(5000);
  });

  it('is undefined when nothing says when to retry', () => {
    expect(retryAfterMs(new KitError('unavailable', 'down', { cause: new Error('{"error":{}}') }))).toBeUndefined();
    expect(retryAfterMs('text')).toBeUndefined();
  });
});
