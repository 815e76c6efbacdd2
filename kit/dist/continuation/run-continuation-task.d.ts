import type { Agent, ContinuationOutcome, WhileBusy } from '../agent/index.js';
/** An agent, or a function that loads it (so the task function imports a flow on its first task). */
export type AgentSource = Agent<WhileBusy> | (() => Agent<WhileBusy> | Promise<Agent<WhileBusy>>);
/** What a task did: the continuation's outcome, or `ignored` for a payload or agent this function doesn't know. */
export type TaskOutcome = ContinuationOutcome | 'ignored';
/** True when the queue should try the task again later: the turn still runs, or the store was unavailable. */
export declare function triesAgain(error: unknown): boolean;
/**
 * Runs one continuation task: the named agent's `continue`. Throws (so the queue retries after
 * its backoff) only while the turn's lease is live or the store is unavailable; a payload it
 * can't read, an agent it doesn't serve, or a continued turn that failed (it is stored failed,
 * as any turn) is logged and done: trying again would not change it.
 */
export declare function runContinuationTask(agents: Readonly<Record<string, AgentSource>>, data: unknown, log?: (message: string, fields: Record<string, unknown>) => void, signal?: AbortSignal): Promise<TaskOutcome>;
