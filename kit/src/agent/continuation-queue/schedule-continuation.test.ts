import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveContinuation } from './continuation-queue.js';
import { MemoryContinuationQueue } from './memory-continuation-queue.js';
import { continuationTaskId, scheduleContinuation, scheduleQueueRun } from './schedule-continuation.js';

const TASK = { agent: 'shop', sessionId: 's1', leaseId: 'lease-1', handOffs: 0 };

describe('scheduleContinuation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('enqueues the turn once, named by its lease, due when the lease would lapse, when it has run afterMs', async () => {
    const queue = new MemoryContinuationQueue();
    const scheduled = scheduleContinuation(resolveContinuation({ queue, afterMs: 1000 }), TASK, 12_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(queue.enqueues).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await scheduled.enqueued;
    scheduled.close();
    expect(queue.take()).toEqual([{ task: TASK, options: { delaySeconds: 13, id: continuationTaskId(TASK) } }]);
    expect(queue.enqueues).toBe(1);
  });

  it('enqueues the turn as it starts, with no timer, when afterMs is 0', async () => {
    const queue = new MemoryContinuationQueue();
    const scheduled = scheduleContinuation(resolveContinuation({ queue, afterMs: 0 }), TASK, 12_000);
    scheduled.close();
    await scheduled.enqueued;
    expect(queue.take().map((q) => q.task)).toEqual([TASK]);
  });

  it('enqueues nothing when the turn ends before afterMs', async () => {
    const queue = new MemoryContinuationQueue();
    const scheduled = scheduleContinuation(resolveContinuation({ queue, afterMs: 1000 }), TASK, 12_000);
    await vi.advanceTimersByTimeAsync(500);
    scheduled.close();
    await vi.advanceTimersByTimeAsync(5000);
    await scheduled.enqueued;
    expect(queue.enqueues).toBe(0);
  });

  it('enqueues nothing when the turn has had its last hand-off', async () => {
    const queue = new MemoryContinuationQueue();
    const scheduled = scheduleContinuation(
      resolveContinuation({ queue, afterMs: 0, maxHandOffs: 2 }),
      { ...TASK, handOffs: 2 },
      12_000,
    );
    await vi.advanceTimersByTimeAsync(5000);
    await scheduled.enqueued;
    expect(queue.enqueues).toBe(0);
  });

  it('lets the turn run on, and warns, when the queue refuses the enqueue', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const queue = { enqueue: () => Promise.reject(new Error('queue down')) };
    const scheduled = scheduleContinuation(resolveContinuation({ queue, afterMs: 0 }), TASK, 12_000);
    await vi.advanceTimersByTimeAsync(1);
    await expect(scheduled.enqueued).resolves.toBeUndefined();
    expect(warn.mock.calls[0]?.[0]).toContain("session 's1'");
    warn.mockRestore();
  });
});

describe('continuationTaskId', () => {
  it('names one turn the same whatever enqueues it, and two leases differently, in the characters Cloud Tasks takes', () => {
    const id = continuationTaskId(TASK);
    expect(continuationTaskId({ ...TASK, handOffs: 3 })).toBe(id);
    expect(continuationTaskId({ ...TASK, leaseId: 'lease-2' })).not.toBe(id);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,500}$/);
  });
});

describe('scheduleQueueRun', () => {
  it('enqueues one task per queued request id, apart from the turn’s own, due when the lease would lapse', async () => {
    const queue = new MemoryContinuationQueue();
    const continuation = resolveContinuation({ queue });
    expect(await scheduleQueueRun(continuation, TASK, 'q1', 12_000)).toBe(true);
    expect(await scheduleQueueRun(continuation, TASK, 'q1', 12_000)).toBe(true);
    expect(await scheduleQueueRun(continuation, TASK, 'q2', 12_000)).toBe(true);
    const ids = queue.take().map((t) => t.options);
    expect(ids).toHaveLength(2);
    expect(new Set(ids.map((o) => o.id)).size).toBe(2);
    expect(ids.map((o) => o.id)).not.toContain(continuationTaskId(TASK));
    expect(ids.every((o) => o.delaySeconds === 13)).toBe(true);
  });

  it('resolves false and throws nothing when the queue refuses the task, or when there is no queue', async () => {
    const refusing = { enqueue: () => Promise.reject(new Error('Cloud Tasks is down')) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await scheduleQueueRun(resolveContinuation({ queue: refusing }), TASK, 'q1', 12_000)).toBe(false);
    expect(await scheduleQueueRun(undefined, TASK, 'q1', 12_000)).toBe(false);
    warn.mockRestore();
  });
});
