import { afterEach, describe, expect, it, vi } from 'vitest';
import { COARSE_TICK_MS, cancelCoarseTimer, startCoarseTimer } from './coarse-timer.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('startCoarseTimer', () => {
  it('fires once, no earlier than its delay and within a tick after it, when not cancelled', () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    startCoarseTimer({ coarseAt: 0, onDeadline: fire }, 1000);
    vi.advanceTimersByTime(999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 2 * COARSE_TICK_MS);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * COARSE_TICK_MS);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('never fires when cancelled before its delay, and leaves no timer behind after a tick', () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    const timer = { coarseAt: 0, onDeadline: fire };
    startCoarseTimer(timer, 1000);
    vi.advanceTimersByTime(500);
    cancelCoarseTimer(timer);
    vi.advanceTimersByTime(2000);
    expect(fire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shares one interval between timers pending at once', () => {
    vi.useFakeTimers();
    const a = { coarseAt: 0, onDeadline: () => {} };
    const b = { coarseAt: 0, onDeadline: () => {} };
    startCoarseTimer(a, 5000);
    startCoarseTimer(b, 5000);
    expect(vi.getTimerCount()).toBe(1);
    cancelCoarseTimer(a);
    cancelCoarseTimer(b);
    vi.advanceTimersByTime(COARSE_TICK_MS);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not fire a due timer that an earlier deadline cancelled in the same tick', () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    const b = { coarseAt: 0, onDeadline: () => fired.push('b') };
    const a = {
      coarseAt: 0,
      onDeadline: () => {
        fired.push('a');
        cancelCoarseTimer(b);
      },
    };
    // Started last, `a` is looked at first.
    startCoarseTimer(b, 1000);
    startCoarseTimer(a, 1000);
    vi.advanceTimersByTime(1000 + 2 * COARSE_TICK_MS);
    expect(fired).toEqual(['a']);
  });

  it('fires each of many timers once when they were started and some cancelled in between', () => {
    vi.useFakeTimers();
    const fired: number[] = [];
    const timers = Array.from({ length: 6 }, (_, i) => ({ coarseAt: 0, onDeadline: () => fired.push(i) }));
    for (const timer of timers) startCoarseTimer(timer, 1000);
    cancelCoarseTimer(timers[0] as (typeof timers)[number]);
    cancelCoarseTimer(timers[3] as (typeof timers)[number]);
    cancelCoarseTimer(timers[5] as (typeof timers)[number]);
    vi.advanceTimersByTime(1000 + 2 * COARSE_TICK_MS);
    expect(fired.sort()).toEqual([1, 2, 4]);
    vi.advanceTimersByTime(10 * COARSE_TICK_MS);
    expect(fired).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
