import { createHash } from 'node:crypto';
import type { ContinuationTask, ResolvedContinuation } from './continuation-queue.js';

/** A turn's hand-off to the queue: armed when the turn starts, closed when it ends. */
export interface ScheduledContinuation {
  /** Settles once the enqueue (if one was made) is done or failed. */
  readonly enqueued: Promise<void>;
  /** True once the queue took the turn's task: the turn may hand its lease to it. */
  readonly queued: boolean;
  close(): void;
}

/**
 * The task's name on the queue: one per turn (its session and lease), so the turn is enqueued
 * at most once whatever retries the enqueue. Cloud Tasks names take letters, digits, - and _.
 */
export function continuationTaskId(task: ContinuationTask): string {
  const digest = createHash('sha256').update(`${task.agent}\u0000${task.sessionId}\u0000${task.leaseId}`);
  return `turn-${digest.digest('hex').slice(0, 40)}`;
}

/**
 * Hands a message queued behind the turn `task` names to the continuation queue at once, under a
 * name of its own (one per queued request id): when the task finds the turn over it runs the
 * session's queue, so the message is answered on the server even if the instance that ran the
 * turn is throttled or gone before its own queue run (a turn shorter than `afterMs` hands itself
 * to no queue). Resolves false when there is no queue or the enqueue failed (the queue run of the
 * turn's own instance, or the next call on the session, answers it then).
 */
export async function scheduleQueueRun(
  continuation: ResolvedContinuation | undefined,
  task: ContinuationTask,
  requestId: string,
  leaseMs: number,
): Promise<boolean> {
  if (!continuation) return false;
  const digest = createHash('sha256').update(`${continuationTaskId(task)}\u0000${requestId}`);
  const options = { delaySeconds: Math.ceil(leaseMs / 1000) + 1, id: `queued-${digest.digest('hex').slice(0, 40)}` };
  return continuation.queue.enqueue(task, options).then(
    () => true,
    (error: unknown) => {
      console.warn(
        `[callable-flows] a message queued on session '${task.sessionId}' could not be handed to the continuation queue; the turn's own instance or the next call runs it`,
        error instanceof Error ? error.message : error,
      );
      return false;
    },
  );
}

/**
 * Hands the turn to the queue once it has run `afterMs` (a turn that ends sooner costs no
 * enqueue; 0: as it starts), to be dispatched when its lease would have lapsed were its instance to die now.
 * A task finds the turn finished (and does nothing), still running (and is tried again later
 * by the queue), or its lease lapsed (and goes on from the journal). A turn already at
 * `maxHandOffs` hands off no more. A failed enqueue only leaves the turn to a client's retry.
 */
export function scheduleContinuation(
  continuation: ResolvedContinuation | undefined,
  task: ContinuationTask,
  leaseMs: number,
): ScheduledContinuation {
  if (!continuation || task.handOffs >= continuation.maxHandOffs) {
    return { enqueued: Promise.resolve(), queued: false, close: () => {} };
  }
  let queued = false;
  let settle: () => void = () => {};
  const enqueued = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let fired = false;
  const enqueue = () => {
    fired = true;
    const options = { delaySeconds: Math.ceil(leaseMs / 1000) + 1, id: continuationTaskId(task) };
    continuation.queue.enqueue(task, options).then(
      () => {
        queued = true;
        settle();
      },
      (error: unknown) => {
        console.warn(
          `[callable-flows] the turn on session '${task.sessionId}' could not be handed to the continuation queue; only a client's retry goes on with it if its instance dies`,
          error instanceof Error ? error.message : error,
        );
        settle();
      },
    );
  };
  // `afterMs: 0` hands every turn off as it starts (no timer: a turn that dies at once is covered too).
  if (continuation.afterMs <= 0) {
    enqueue();
    return {
      enqueued,
      get queued() {
        return queued;
      },
      close: () => {},
    };
  }
  const timer = setTimeout(enqueue, continuation.afterMs);
  timer.unref();
  return {
    enqueued,
    get queued() {
      return queued;
    },
    close: () => {
      clearTimeout(timer);
      if (!fired) settle();
    },
  };
}
