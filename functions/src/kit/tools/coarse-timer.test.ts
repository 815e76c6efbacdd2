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
});
