import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdown } from './countdown.js';

describe('countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the seconds down to 0 when time passes', () => {
    const seen: number[] = [];
    countdown(Date.now() + 3_000, (seconds) => seen.push(seconds));
    expect(seen).toEqual([3]);
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([3]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([3, 2]);
    vi.advanceTimersByTime(5_000);
    expect(seen).toEqual([3, 2, 1, 0]);
  });

  it('rounds a part second up when the wait is not whole seconds', () => {
    const seen: number[] = [];
    countdown(Date.now() + 1_500, (seconds) => seen.push(seconds));
    vi.advanceTimersByTime(500);
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([2, 1, 0]);
  });

  it('says 0 at once when the time has already passed', () => {
    const seen: number[] = [];
    countdown(Date.now() - 10, (seconds) => seen.push(seconds));
    expect(seen).toEqual([0]);
  });

  it('stops counting when it is stopped', () => {
    const seen: number[] = [];
    const stop = countdown(Date.now() + 3_000, (seconds) => seen.push(seconds));
    stop();
    vi.advanceTimersByTime(5_000);
    expect(seen).toEqual([3]);
  });
});
