import { isKitError, KitError } from '../errors/index.js';
import type { Session } from '../session/session-schema.js';
import { standingOf } from '../session/session-standing.js';
import type { AgentCallContext } from './agent.js';
import type { AgentRuntime } from './agent-runtime.js';
import { type ContinuationTask, DEFAULT_CONTINUATION_MAX_DURATION_MS } from './continuation-queue.js';
import { sessionBusy, type TurnPlan } from './plan-turn.js';

/**
 * What a continuation task did: ran the turn on; ended it as stopped (a stop named the dead
 * turn); found it over (or taken over); or left it to a client's retry (past `maxDurationMs`).
 */
export type ContinuationOutcome = 'continued' | 'stopped' | 'finished' | 'gave-up';

/** Where the turn that ran under `leaseId` stands: its instance may still run it, it lapsed, or it is gone. */
export function continuationStanding(session: Session, leaseId: string, now: number): 'live' | 'lapsed' | 'gone' {
  if (session.lease?.id !== leaseId || session.status !== 'running') return 'gone';
  if (session.lease.expiresAt > now) return 'live';
  // A turn that died while its round waits for a person is not continued: it waits for them.
  return standingOf(session, now) === 'incomplete' ? 'lapsed' : 'gone';
}

/** The refusal of a task whose turn ended or was taken over: there is nothing to continue. */
export function nothingToContinue(sessionId: string): KitError {
  return new KitError('failed-precondition', `no lapsed turn to continue on session '${sessionId}'`, {
    reason: 'NOTHING_TO_RESUME',
  });
}

/**
 * The plan of a continuation, decided on the stored session as every admission is: the retry of
 * the turn whose lease lapsed (exactly what a client's retry of it plans), else a refusal: the
 * lease still live is `SESSION_BUSY` (the queue tries again later), a turn gone is nothing to continue.
 */
export function continuationPlan(session: Session, leaseId: string, now: number): TurnPlan {
  const standing = continuationStanding(session, leaseId, now);
  if (standing === 'live') throw sessionBusy(session, now);
  if (standing === 'gone' || !session.turn) throw nothingToContinue(session.id);
  return { kind: 'retry', history: session.history, turn: session.turn, turns: session.turns };
}

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
