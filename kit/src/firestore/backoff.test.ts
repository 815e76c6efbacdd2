import { describe, expect, it } from 'vitest';
import { Backoff, fullJitter, halfJitter } from './backoff.js';

const noJitter = (ms: number) => ms;

describe('Backoff', () => {
  it('waits the initial delay, then times the multiplier each attempt, up to the longest', () => {
    const backoff = new Backoff({ initialMs: 100, multiplier: 2, maxMs: 500 }, noJitter);
    expect(Array.from({ length: 5 }, () => backoff.next())).toEqual([100, 200, 400, 500, 500]);
  });

  it('waits the longest next, and after, once told to (RESOURCE_EXHAUSTED in a transaction)', () => {
    const backoff = new Backoff({ initialMs: 100, multiplier: 2, maxMs: 500 }, noJitter);
    backoff.next();
    backoff.toMax();
    expect([backoff.next(), backoff.next()]).toEqual([500, 500]);
  });

  it('jitters as gax (up to the delay) and as the SDK’s transactions (half to one and a half times)', () => {
    for (let i = 0; i < 200; i++) {
      const full = fullJitter(100);
      const half = halfJitter(100);
      expect(full).toBeGreaterThanOrEqual(0);
      expect(full).toBeLessThan(100);
      expect(half).toBeGreaterThanOrEqual(50);
      expect(half).toBeLessThan(150);
    }
  });
});
