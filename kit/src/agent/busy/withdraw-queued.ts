import type { WithdrawResult } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import { findRequest } from '../call-records/index.js';
import { ownedSession } from '../ending/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import { queueOf } from './queue-message.js';

/** Who takes a queued message back. */
export interface WithdrawContext {
  uid: string;
}

/**
 * Takes back the message of `requestId` waiting in `sessionId`'s queue, for its sender (the
 * session's owner: any of their clients, as every one of them shows what waits; the request id
 * names the message). Atomic with the queue run's claim of the head: exactly one of the two wins,
 * so a withdrawn message never runs and one that began running is refused `ALREADY_RUNNING`
 * (also once it ran). No such message, nor a turn of it: `NOT_QUEUED`.
 */
export async function withdrawQueued(
  rt: AgentRuntime,
  sessionId: string,
  requestId: string,
  ctx: WithdrawContext,
): Promise<WithdrawResult> {
  const queue = queueOf(rt);
  await ownedSession(rt, sessionId, ctx.uid);
  const outcome = await queue.withdraw(sessionId, requestId, ctx.uid);
  if (outcome === 'withdrawn') return { sessionId, requestId, status: 'withdrawn' };
  if (outcome === 'not-sender') {
    throw new KitError('permission-denied', `the message '${requestId}' was queued by another user`, {
      reason: 'NOT_OWNER',
    });
  }
  // Gone from the queue: it ran (or runs), unless the session never knew it.
  const session = outcome === 'claimed' ? undefined : (await rt.store.load(sessionId, { fresh: true }))?.session;
  const ran =
    outcome === 'claimed' ||
    (session !== undefined &&
      (findRequest(session, requestId) !== undefined || session.results.some((r) => r.requestId === requestId)));
  if (ran) {
    throw new KitError(
      'failed-precondition',
      `the message '${requestId}' on session '${sessionId}' has begun running: it can't be taken back`,
      { reason: 'ALREADY_RUNNING', details: { sessionId, requestId } },
    );
  }
  throw new KitError('failed-precondition', `no message '${requestId}' waits on session '${sessionId}'`, {
    reason: 'NOT_QUEUED',
    details: { sessionId, requestId },
  });
}
