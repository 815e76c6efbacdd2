import type { ContinuationTask } from '../continuation-queue/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, StartedTurn } from '../turn/index.js';
/**
 * What a continuation task did: ran the turn on; ended it as stopped (a stop named the dead
 * turn); found it over (or taken over); or left it to a client's retry (past `maxDurationMs`).
 */
export type ContinuationOutcome = 'continued' | 'stopped' | 'finished' | 'gave-up';
/** Runs the admitted retry of the lapsed turn as its owner would (its request id, so its result is kept for it). */
export type ContinueRun = (turn: StartedTurn, ctx: AgentCallContext) => Promise<unknown>;
/**
 * One continuation task: asks for the session as a turn request of kind `continuation`, through
 * the same admission as every call (a fresh read; the lease it names must have lapsed), then goes
 * on with the turn from its journal as a client's retry does (`run`). A turn still running throws
 * `SESSION_BUSY` so the queue tries again after its backoff; a turn that finished, or that another
 * call took over, is left alone, and one that began longer ago than `maxDurationMs` is left to a
 * client's retry. Tools of a continued turn see the owner's uid as `ctx.context.auth.uid` (the
 * caller's token claims are not kept).
 */
export declare function continueTurn(rt: AgentRuntime, task: ContinuationTask, signal: AbortSignal | undefined, run: ContinueRun): Promise<ContinuationOutcome>;
