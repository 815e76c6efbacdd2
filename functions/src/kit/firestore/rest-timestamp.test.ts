import { describe, expect, it } from 'vitest';
import { RestTimestamp } from './rest-timestamp.js';

describe('RestTimestamp', () => {
  it('reads seconds and nanoseconds from a time with nanosecond digits', () => {
    const time = new RestTimestamp('2026-12-01T20:30:00.123456789Z');
    expect(time.seconds).toBe(Date.UTC(2026, 11, 1, 20, 30) / 1000);
    expect(time.nanoseconds).toBe(123_456_789);
    expect(time.toMillis()).toBe(Date.UTC(2026, 11, 1, 20, 30, 0, 123));
  });

  it('reads a time without fractional digits as zero nanoseconds', () => {
    expect(new RestTimestamp('2026-12-01T20:30:00Z').nanoseconds).toBe(0);
  });

  it('keeps the text it was given, so a precondition sends the same time back', () => {
    expect(new RestTimestamp('2026-12-01T20:30:00.100200Z').text).toBe('2026-12-01T20:30:00.100200Z');
  });

  it('is equal to a time with the same instant written with other digits', () => {
    const a = new RestTimestamp('2026-12-01T20:30:00.1Z');
    expect(a.isEqual(new RestTimestamp('2026-12-01T20:30:00.100000000Z'))).toBe(true);
    expect(a.isEqual(new RestTimestamp('2026-12-01T20:30:00.100000001Z'))).toBe(false);
  });

  it('refuses a text that is not a Firestore time', () => {
    expect(() => new RestTimestamp('yesterday')).toThrow(TypeError);
    expect(() => new RestTimestamp('2026-12-01T20:30:00+01:00')).toThrow(TypeError);
  });

  it('makes the time of a Date', () => {
    expect(RestTimestamp.fromDate(new Date(1_700_000_000_123)).toMillis()).toBe(1_700_000_000_123);
  });
});
