import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTINUATION_AFTER_MS,
  DEFAULT_CONTINUATION_MAX_DURATION_MS,
  DEFAULT_CONTINUATION_MAX_HAND_OFFS,
  resolveContinuation,
} from './continuation-queue.js';
import { MemoryContinuationQueue } from './memory-continuation-queue.js';

describe('resolveContinuation', () => {
  it('fills in 1 s, 3 hand-offs and 15 minutes when the agent names only its queue', () => {
    const queue = new MemoryContinuationQueue();
    expect(resolveContinuation({ queue })).toEqual({
      queue,
      afterMs: DEFAULT_CONTINUATION_AFTER_MS,
      maxHandOffs: DEFAULT_CONTINUATION_MAX_HAND_OFFS,
      maxDurationMs: DEFAULT_CONTINUATION_MAX_DURATION_MS,
    });
    expect([DEFAULT_CONTINUATION_AFTER_MS, DEFAULT_CONTINUATION_MAX_HAND_OFFS]).toEqual([1000, 3]);
  });

  it('reads maxSteps, the old name of maxHandOffs, when maxHandOffs is not given', () => {
    const queue = new MemoryContinuationQueue();
    expect(resolveContinuation({ queue, maxSteps: 1 })?.maxHandOffs).toBe(1);
    expect(resolveContinuation({ queue, maxSteps: 1, maxHandOffs: 2 })?.maxHandOffs).toBe(2);
  });

  it('gives no continuation when the agent has none', () => {
    expect(resolveContinuation(undefined)).toBeUndefined();
  });
});
