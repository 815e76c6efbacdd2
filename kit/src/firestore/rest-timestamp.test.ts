import { Timestamp } from '@google-cloud/firestore';
import { describe, expect, it } from 'vitest';
import { isTimestampLike, RestTimestamp, timestampProblem, timestampText } from './rest-timestamp.js';

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

  it('makes a time of seconds and nanoseconds, refusing what the SDK’s Timestamp refuses', () => {
    const time = RestTimestamp.of(-1, 999_999_999);
    expect(time.text).toBe('1969-12-31T23:59:59.999999999Z');
    expect([time.seconds, time.nanoseconds]).toEqual([-1, 999_999_999]);
    expect(() => RestTimestamp.of(253_402_300_800, 0)).toThrow(TypeError);
    expect(() => new Timestamp(253_402_300_800, 0)).toThrow();
    expect(() => RestTimestamp.of(0, 1e9)).toThrow(TypeError);
    expect(() => RestTimestamp.of(0.5, 0)).toThrow(TypeError);
  });

  it('rounds to the nearest millisecond in toDate, and compares with < through valueOf, as the SDK’s', () => {
    const time = new RestTimestamp('2026-01-01T00:00:00.000600000Z');
    const sdk = new Timestamp(time.seconds, time.nanoseconds);
    expect(time.toDate().getTime()).toBe(sdk.toDate().getTime());
    expect(time.toMillis()).toBe(sdk.toMillis());
    expect(time.valueOf()).toBe(sdk.valueOf());
    expect(RestTimestamp.of(-5, 1) < RestTimestamp.of(-5, 2)).toBe(true);
    expect(RestTimestamp.of(-5, 2) < RestTimestamp.of(-4, 0)).toBe(true);
  });
});

describe('timestampText', () => {
  it('writes every nanosecond, from year 1 to 9999', () => {
    expect(timestampText({ seconds: -62_135_596_800, nanoseconds: 0 })).toBe('0001-01-01T00:00:00.000000000Z');
    expect(timestampText({ seconds: 253_402_300_799, nanoseconds: 5 })).toBe('9999-12-31T23:59:59.000000005Z');
  });
});

describe('isTimestampLike / timestampProblem', () => {
  it('recognises the SDK’s Timestamp and the REST one by their shape, not a plain {seconds, nanoseconds}', () => {
    expect(isTimestampLike(new Timestamp(1, 2))).toBe(true);
    expect(isTimestampLike(RestTimestamp.of(1, 2))).toBe(true);
    expect(isTimestampLike({ seconds: 1, nanoseconds: 2 })).toBe(false);
    expect(timestampProblem({ seconds: 1, nanoseconds: -1 })).toMatch(/nanoseconds/);
    expect(timestampProblem({ seconds: -62_135_596_801, nanoseconds: 0 })).toMatch(/outside/);
  });
});
