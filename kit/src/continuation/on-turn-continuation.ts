import * as logger from 'firebase-functions/logger';
import { HttpsError } from 'firebase-functions/v2/https';
import { onTaskDispatched, type TaskQueueFunction, type TaskQueueOptions } from 'firebase-functions/v2/tasks';
import type { ContinuationTask } from '../agent/index.js';
import { KitError } from '../errors/index.js';
import type { AgentSource } from './run-continuation-task.js';

/** Options of {@link onTurnContinuation}: the task function's own (region, memory, timeoutSeconds, …) and its agents. */
export interface TurnContinuationOptions extends TaskQueueOptions {
  /** The agents whose turns this function goes on with, by name (each a loader, as `onCallFlow` takes). */
  agents: Readonly<Record<string, AgentSource>>;
}

/**
 * How the queue tries a task again: every 15 s (longer than the default 12 s lease, so a task
 * that found a live lease comes back after it would have lapsed, also on the local emulator,
 * which dispatches a task at once whatever its schedule says), for up to 10 minutes.
 */
export const CONTINUATION_RETRY = {
  maxAttempts: 40,
  maxRetrySeconds: 600,
  minBackoffSeconds: 15,
  maxBackoffSeconds: 15,
  maxDoublings: 0,
} as const;

/** The task function's timeout when its options name none (Cloud Tasks' dispatch deadline is at most 30 minutes). */
const DEFAULT_TASK_TIMEOUT_SECONDS = 540;
/** Time kept back from the timeout for the continued turn to hand itself on (one write). */
const HAND_OFF_MARGIN_MS = 5_000;

/** Aborts with `DEADLINE` shortly before the function's timeout, so the continued turn hands itself on instead of being killed. */
function deadlineSignal(timeoutSeconds: unknown): { signal: AbortSignal; dispose(): void } {
  const seconds =
    typeof timeoutSeconds === 'number' && timeoutSeconds > 0 ? timeoutSeconds : DEFAULT_TASK_TIMEOUT_SECONDS;
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(new KitError('deadline-exceeded', 'the continuation ran out of time', { reason: 'DEADLINE' })),
    Math.max(1_000, seconds * 1_000 - HAND_OFF_MARGIN_MS),
  );
  timer.unref();
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}

/**
 * The task queue function that goes on with turns whose instance died (see
 * `AgentConfig.continuation`): export it from the deploy manifest under the name the agents'
 * `cloudTasksQueue` names. Each task reads one session; a turn still running makes it fail, so
 * Cloud Tasks tries it again after {@link CONTINUATION_RETRY}'s backoff; a finished turn ends it.
 */
export function onTurnContinuation(options: TurnContinuationOptions): TaskQueueFunction<ContinuationTask> {
  const { agents, retryConfig, ...rest } = options;
  const timeoutSeconds = rest.timeoutSeconds ?? DEFAULT_TASK_TIMEOUT_SECONDS;
  return onTaskDispatched<ContinuationTask>(
    { ...rest, timeoutSeconds, retryConfig: { ...CONTINUATION_RETRY, ...retryConfig } },
    async (request) => {
      // Loaded with the first task: the cold start of the function imports no agent, no zod.
      const { runContinuationTask, triesAgain } = await import('./run-continuation-task.js');
      const deadline = deadlineSignal(timeoutSeconds);
      try {
        await runContinuationTask(agents, request.data, undefined, deadline.signal);
      } catch (error) {
        // An expected answer (503: try again later), not an unhandled error in the function's log.
        if (triesAgain(error)) {
          const why = (error as Error).message;
          logger.info(`continueTurn: not now, the queue tries again: ${why}`);
          throw new HttpsError('unavailable', why);
        }
        throw error;
      } finally {
        deadline.dispose();
      }
    },
  );
}
