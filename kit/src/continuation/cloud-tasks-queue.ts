import type { ContinuationQueue, ContinuationTask, EnqueueOptions } from '../agent/index.js';
import { lazy } from '../lazy/index.js';

/** The part of firebase-admin's `TaskQueue` a continuation uses (tests pass their own). */
export interface TaskQueueClient {
  enqueue(data: ContinuationTask, options: { scheduleDelaySeconds: number; id: string }): Promise<void>;
}

/** Options of {@link cloudTasksQueue}. */
export interface CloudTasksQueueOptions {
  /** The deployed `onTurnContinuation` function, e.g. `continueTurn` or `locations/europe-west1/functions/continueTurn`. */
  functionName: string;
  /** The queue client. Default: firebase-admin's `getFunctions().taskQueue(functionName)` on the default app, made on first use. */
  client?: () => Promise<TaskQueueClient>;
}

/** firebase-admin's task queue for `functionName`, loaded on the first enqueue (not by a cold start). */
function adminTaskQueue(functionName: string): () => Promise<TaskQueueClient> {
  return lazy(async () => {
    const [{ getApps, initializeApp }, { getFunctions }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/functions'),
    ]);
    const app = getApps()[0] ?? initializeApp();
    return getFunctions(app).taskQueue<ContinuationTask>(functionName);
  });
}

/** True for firebase-admin's refusal of a task name that was already used. */
function alreadyQueued(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'functions/task-already-exists' || code === 'task-already-exists';
}

/**
 * The continuation queue on Cloud Tasks (the Functions emulator's task queue emulator locally,
 * reached through CLOUD_TASKS_EMULATOR_HOST): one HTTP request per enqueue. A task name used
 * before is refused by Cloud Tasks: that is the turn already handed off, not an error.
 */
export function cloudTasksQueue(options: CloudTasksQueueOptions): ContinuationQueue {
  const client = options.client ?? adminTaskQueue(options.functionName);
  return {
    async enqueue(task: ContinuationTask, enqueue: EnqueueOptions): Promise<void> {
      try {
        // `step` too: an instance of the version before (which reads only `step`) may take the task during a deploy.
        const payload = { ...task, step: task.handOffs };
        await (await client()).enqueue(payload, { scheduleDelaySeconds: enqueue.delaySeconds, id: enqueue.id });
      } catch (error) {
        if (!alreadyQueued(error)) throw error;
      }
    },
  };
}
