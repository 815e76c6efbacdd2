import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTINUATION_AFTER_MS,
  DEFAULT_CONTINUATION_MAX_DURATION_MS,
  DEFAULT_CONTINUATION_MAX_STEPS,
  resolveContinuation,
} from './continuation-queue.js';
import { MemoryContinuationQueue } from './memory-continuation-queue.js';

describe('resolveContinuation', () => {
  it('fills in 1 s, 3 steps and 15 minutes when the agent names only its queue', () => {
    const queue = new MemoryContinuationQueue();
    expect(resolveContinuation({ queue })).toEqual({
      queue,
      afterMs: DEFAULT_CONTINUATION_AFTER_MS,
      maxSteps: DEFAULT_CONTINUATION_MAX_STEPS,
      maxDurationMs: DEFAULT_CONTINUATION_MAX_DURATION_MS,
    });
    expect([DEFAULT_CONTINUATION_AFTER_MS, DEFAULT_CONTINUATION_MAX_STEPS]).toEqual([1000, 3]);
  });

  it('gives no continuation when the agent has none', () => {
    expect(resolveContinuation(undefined)).toBeUndefined();
  });
});
