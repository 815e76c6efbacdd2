import { isKitError } from '../../errors/index.js';
import { continuationStanding, sessionBusy } from '../admission/index.js';
import { type ContinuationTask, DEFAULT_CONTINUATION_MAX_DURATION_MS } from '../continuation-queue/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext } from '../turn/index.js';

/**
 * What a continuation task did: ran the turn on; ended it as stopped (a stop named the dead
 * turn); found it over (or taken over); or left it to a client's retry (past `maxDurationMs`).
 */
export type ContinuationOutcome = 'continued' | 'stopped' | 'finished' | 'gave-up';

/** Runs the retry of the lapsed turn as its owner would (the same request id, so its result is kept for it). */
export type ContinueRun = (ctx: AgentCallContext, task: ContinuationTask) => Promise<unknown>;

/**
 * One continuation task: reads the session (fresh), and goes on with the turn from its journal
 * if its lease lapsed, through the same admission and run as a client's retry (`run`). A turn
 * still running throws `SESSION_BUSY` so the queue tries again after its backoff; a turn that
 * finished, or that another call took over, is left alone. Tools of a continued turn see the
 * owner's uid as `ctx.context.auth.uid` (the caller's token claims are not kept).
 */
export async function continueTurn(
  rt: AgentRuntime,
  task: ContinuationTask,
  signal: AbortSignal | undefined,
  run: ContinueRun,
): Promise<ContinuationOutcome> {
  const record = await rt.store.load(task.sessionId, { fresh: true });
  if (!record) return 'finished';
  const session = rt.givenUp.seeThrough(record.session);
  const now = rt.timing.clock();
  const standing = continuationStanding(session, task.leaseId, now);
  if (standing === 'live') throw sessionBusy(session, now);
  // No lapsed turn of this lease: nothing of it is left to go on with.
  if (standing === 'gone' || !session.turn) return 'finished';
  const maxDurationMs = rt.continuation?.maxDurationMs ?? DEFAULT_CONTINUATION_MAX_DURATION_MS;
  if (now - session.turn.startedAt > maxDurationMs) return 'gave-up';
  const uid = session.ownerUid;
  const ctx: AgentCallContext = { uid, context: { auth: { uid, token: {} } }, ...(signal ? { signal } : {}) };
  if (session.turn.requestId !== undefined) ctx.requestId = session.turn.requestId;
  try {
    await run(ctx, { ...task, step: task.step + 1 });
  } catch (error) {
    // Another call got there between the read and the lease write.
    if (isKitError(error) && error.reason === 'NOTHING_TO_RESUME') return 'finished';
    if (isKitError(error) && error.reason === 'STOPPED') return 'stopped';
    throw error;
  }
  return 'continued';
}
