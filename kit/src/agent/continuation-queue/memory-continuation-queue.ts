import type { ContinuationQueue, ContinuationTask, EnqueueOptions } from './continuation-queue.js';

/** A task on the in-memory queue. */
export interface QueuedContinuation {
  task: ContinuationTask;
  options: EnqueueOptions;
}

/**
 * A continuation queue in this process's memory, for tests: it keeps what was enqueued (a
 * second task of the same id is dropped, as Cloud Tasks refuses it) and dispatches nothing by
 * itself: a test takes the tasks and runs them when it means the time to have come.
 */
export class MemoryContinuationQueue implements ContinuationQueue {
  private readonly queued: QueuedContinuation[] = [];
  private readonly ids = new Set<string>();
  /** Every enqueue asked, a repeated id too. */
  enqueues = 0;

  async enqueue(task: ContinuationTask, options: EnqueueOptions): Promise<void> {
    await Promise.resolve();
    this.enqueues++;
    if (this.ids.has(options.id)) return;
    this.ids.add(options.id);
    this.queued.push({ task: { ...task }, options: { ...options } });
  }

  /** The tasks enqueued and not yet taken, oldest first; they leave the queue. */
  take(): QueuedContinuation[] {
    return this.queued.splice(0);
  }
}
