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
export declare class MemoryContinuationQueue implements ContinuationQueue {
    private readonly queued;
    private readonly ids;
    /** Every enqueue asked, a repeated id too. */
    enqueues: number;
    enqueue(task: ContinuationTask, options: EnqueueOptions): Promise<void>;
    /** The tasks enqueued and not yet taken, oldest first; they leave the queue. */
    take(): QueuedContinuation[];
}
