import { type TaskQueueFunction, type TaskQueueOptions } from 'firebase-functions/v2/tasks';
import type { ContinuationTask } from '../agent/index.js';
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
export declare const CONTINUATION_RETRY: {
    readonly maxAttempts: 40;
    readonly maxRetrySeconds: 600;
    readonly minBackoffSeconds: 15;
    readonly maxBackoffSeconds: 15;
    readonly maxDoublings: 0;
};
/**
 * The task queue function that goes on with turns whose instance died (see
 * `AgentConfig.continuation`): export it from the deploy manifest under the name the agents'
 * `cloudTasksQueue` names. Each task reads one session; a turn still running makes it fail, so
 * Cloud Tasks tries it again after {@link CONTINUATION_RETRY}'s backoff; a finished turn ends it.
 */
export declare function onTurnContinuation(options: TurnContinuationOptions): TaskQueueFunction<ContinuationTask>;
