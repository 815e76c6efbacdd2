import { randomUUID } from 'node:crypto';
import { ERROR_CODES, ERROR_REASONS, type ErrorCode, type ErrorReason } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import type { Message } from '../../model/index.js';
import type { Session, TurnQueue } from '../../session/index.js';
import { positionOf } from '../../session/index.js';
import { standingOf } from '../../session/session-standing.js';
import { findRequest, requestDigest, requestIdReused } from '../call-records/index.js';
import { scheduleQueueRun } from '../continuation-queue/index.js';
import { ownedSession } from '../ending/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, AgentInput } from '../turn/index.js';
import {
  type QueueDeps,
  type QueuedTurnEnd,
  runQueuedAfter,
  type WaitingCall,
  waitForQueuedTurn,
} from './run-queued.js';
import type { AgentSendResult } from './send-result.js';

/** The session's queue; a store without one can't queue (`unimplemented`). */
export function queueOf(rt: AgentRuntime): TurnQueue {
  const queue = rt.store.queue;
  if (!queue) throw new KitError('unimplemented', `the session store of agent '${rt.name}' cannot queue messages`);
  return queue;
}

/** The refusal of a message when `maxQueued` wait already. */
export function queueFull(sessionId: string, maxQueued: number): KitError {
  return new KitError(
    'resource-exhausted',
    `session '${sessionId}' has ${maxQueued} messages waiting already; send this one once they are answered`,
    { reason: 'QUEUE_FULL', details: { maxQueued } },
  );
}

/** True when the session knows request `requestId`: its turn ran or runs (a call with it is answered as any retry). */
const knows = (session: Session, requestId: string) =>
  findRequest(session, requestId) !== undefined || session.results.some((r) => r.requestId === requestId);

const isCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);
const isReason = (reason: string | undefined): reason is ErrorReason =>
  reason !== undefined && (ERROR_REASONS as readonly string[]).includes(reason);

/**
 * The error of request `requestId`'s turn when another instance's queue run ran it and it failed:
 * the session's last turn was that request's, stored failed. Its call is answered with that error,
 * as the call that ran its turn was, and never runs the turn again (a retry by request id would).
 */
async function failedElsewhere(rt: AgentRuntime, sessionId: string, requestId: string): Promise<KitError | undefined> {
  const session = (await rt.store.load(sessionId, { fresh: true }))?.session;
  const outcome = session?.outcome;
  if (outcome?.kind !== 'failed' || outcome.requestId !== requestId || !outcome.failure) return undefined;
  const { code, reason } = outcome.failure;
  const message = session?.error?.message ?? 'the turn failed';
  return new KitError(isCode(code) ? code : 'internal', message, {
    ...(isReason(reason) ? { reason } : {}),
    details: { sessionId },
  });
}

/**
 * Runs the queue of `sessionId` up to the message of `own`, after any run of this instance under
 * way (the rest runs on without the caller waiting): how its turn ended when a run of this
 * instance reached it, as `own`'s call (whichever run it was); undefined when none did (another
 * instance's run took the session, or the session waits).
 */
async function runUpTo(deps: QueueDeps, sessionId: string, own: WaitingCall): Promise<QueuedTurnEnd | undefined> {
  const waiter = waitForQueuedTurn(deps.rt, sessionId, own);
  try {
    const run = runQueuedAfter(deps, sessionId, own.requestId);
    void run.then(
      (done) => {
        if (done.left > 0 && done.waiting === undefined) void runQueuedAfter(deps, sessionId).catch(() => undefined);
      },
      () => undefined,
    );
    return await Promise.race([waiter.ended, run.then(() => undefined)]);
  } finally {
    waiter.forget();
  }
}

/**
 * Queues a message behind the running turn (or the messages already waiting) on `sessionId`, and
 * answers `queued` with its place. A request id the session knows already is answered as any call
 * with it (its stored result); one that waits already is told its place again, never queued twice.
 * If the session was given up before the message landed in the queue (the running turn had looked
 * at the queue already), this call runs the queue itself up to its own message and answers with
 * that message's result. Owner, agent and the message are checked before anything is stored.
 */
export async function queueMessage(
  deps: QueueDeps,
  sessionId: string,
  input: AgentInput,
  ctx: AgentCallContext,
  message: Message,
): Promise<AgentSendResult<'queue'>> {
  const { rt } = deps;
  const queue = queueOf(rt);
  const session = await ownedSession(rt, sessionId, ctx.uid);
  const requestId = ctx.requestId ?? randomUUID();
  if (ctx.requestId !== undefined && knows(session, requestId)) return deps.turn(sessionId, input, ctx);
  const now = rt.timing.clock();
  const item = { requestId, uid: ctx.uid, message, digest: requestDigest(message, undefined), at: now };
  const pushed = await queue.push(sessionId, item, {
    maxItems: rt.maxQueued,
    ownerUid: session.ownerUid,
    expireAt: now + rt.timing.sessionTtlMs,
  });
  if ('full' in pushed) throw queueFull(sessionId, rt.maxQueued);
  if ('reused' in pushed) throw requestIdReused(requestId);
  const fresh = (await rt.store.load(sessionId, { fresh: true }))?.session;
  if (!fresh || standingOf(rt.givenUp.seeThrough(fresh), rt.timing.clock()) === 'held') {
    // The server's own hand on the message: a task that runs the queue once the turn is over.
    if (fresh?.lease) {
      const task = { agent: rt.name, sessionId, leaseId: fresh.lease.id, handOffs: 0 };
      await scheduleQueueRun(rt.continuation, task, requestId, rt.timing.leaseMs);
    }
    return { sessionId, status: 'queued', requestId, position: pushed.position };
  }
  // Nobody holds the session: run the queue up to this message.
  const ended = await runUpTo(deps, sessionId, { requestId, ctx });
  // Its own turn ran on this instance: its outcome is this call's (its result, or why it failed or was stopped).
  if (ended) {
    if ('error' in ended) throw ended.error;
    return ended.result;
  }
  const position = positionOf(await queue.list(sessionId), requestId);
  if (position === 0) {
    // Run by another instance's queue run meanwhile: its turn's outcome is this call's too. A
    // failed turn's error (its turn is not run a second time); else as any call with its request
    // id (its stored result; STOPPED for a stopped one).
    const failed = await failedElsewhere(rt, sessionId, requestId);
    if (failed) throw failed;
    return deps.turn(sessionId, input, { ...ctx, requestId });
  }
  return { sessionId, status: 'queued', requestId, position };
}
