import type { ContinuationQueue, ContinuationTask } from '../agent/index.js';
/** The part of firebase-admin's `TaskQueue` a continuation uses (tests pass their own). */
export interface TaskQueueClient {
    enqueue(data: ContinuationTask, options: {
        scheduleDelaySeconds: number;
        id: string;
    }): Promise<void>;
}
/** Options of {@link cloudTasksQueue}. */
export interface CloudTasksQueueOptions {
    /** The deployed `onTurnContinuation` function, e.g. `continueTurn` or `locations/europe-west1/functions/continueTurn`. */
    functionName: string;
    /** The queue client. Default: firebase-admin's `getFunctions().taskQueue(functionName)` on the default app, made on first use. */
    client?: () => Promise<TaskQueueClient>;
}
/**
 * The continuation queue on Cloud Tasks (the Functions emulator's task queue emulator locally,
 * reached through CLOUD_TASKS_EMULATOR_HOST): one HTTP request per enqueue. A task name used
 * before is refused by Cloud Tasks: that is the turn already handed off, not an error.
 */
export declare function cloudTasksQueue(options: CloudTasksQueueOptions): ContinuationQueue;
