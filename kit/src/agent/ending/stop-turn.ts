import type { StopResult } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import type { Session } from '../../session/session-schema.js';
import { standingOf } from '../../session/session-standing.js';
import type { StopRecord, TurnStops } from '../../session/turn-stops.js';
import { notOwner } from '../admission/index.js';
import type { AgentRuntime } from '../runtime/index.js';

/** Who stops which turn. */
export interface StopContext {
  uid: string;
  /** The stop's idempotency key: the same stop again, once its turn ended, is answered `stopped`. */
  requestId?: string;
  /** The client that asks (a device, a tab), recorded with the stopped turn's outcome. */
  clientId?: string;
}

/** How long a stop waits for the turn to give its session up before it answers `stopping`. */
export const STOP_WAIT_MS = 2_500;
/** How often a stop reads the session while it waits (one read each). */
const STOP_POLL_MS = 100;

function stopsOf(rt: AgentRuntime): TurnStops {
  const stops = rt.store.stops;
  if (!stops) throw new KitError('unimplemented', `the session store of agent '${rt.name}' cannot stop a running turn`);
  return stops;
}

/**
 * The session, fresh from the store (a stop is never decided on a cached copy), if `uid` owns it.
 * A session that does not exist is refused as another user's is (`NOT_OWNER`, the same words):
 * nobody learns whether an id they don't own exists.
 */
export async function ownedSession(rt: AgentRuntime, sessionId: string, uid: string): Promise<Session> {
  const record = await rt.store.load(sessionId, { fresh: true });
  if (!record) throw notOwner(sessionId);
  const session = rt.givenUp.seeThrough(record.session);
  if (session.ownerUid !== uid) throw notOwner(sessionId);
  // A session handed to another agent its hand-offs reach is still this callable's to serve.
  if (session.agent !== rt.name && !rt.routeTo?.(session.agent)) {
    const why = `session '${sessionId}' belongs to agent '${session.agent}', not '${rt.name}'`;
    throw new KitError('failed-precondition', why, { reason: 'WRONG_AGENT' });
  }
  return session;
}

/** True once the turn that held `leaseId` gave the session up (read every {@link STOP_POLL_MS}, up to {@link STOP_WAIT_MS}). */
async function released(rt: AgentRuntime, sessionId: string, leaseId: string): Promise<boolean> {
  const until = Date.now() + STOP_WAIT_MS;
  for (;;) {
    const session = (await rt.store.load(sessionId, { fresh: true }))?.session;
    if (session?.lease?.id !== leaseId) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, STOP_POLL_MS));
  }
}

/**
 * Stops the turn running on a session, on whatever instance it runs: asks it (a write beside
 * the session, heard by the turn's listener), then waits up to {@link STOP_WAIT_MS} for it to
 * give the session up. A session with no running turn is refused `NOTHING_TO_STOP`, unless this
 * is the retry (same `requestId`) of the stop that ended its last turn.
 */
export async function stopTurn(rt: AgentRuntime, sessionId: string, ctx: StopContext): Promise<StopResult> {
  const stops = stopsOf(rt);
  const session = await ownedSession(rt, sessionId, ctx.uid);
  const now = rt.timing.clock();
  const lease = session.lease;
  if (!lease || standingOf(session, now) !== 'held') {
    const last = ctx.requestId === undefined ? undefined : await stops.last(sessionId);
    if (last?.requestId !== undefined && last.requestId === ctx.requestId) return { sessionId, status: 'stopped' };
    throw new KitError('failed-precondition', `no turn runs on session '${sessionId}': there is nothing to stop`, {
      reason: 'NOTHING_TO_STOP',
    });
  }
  const stop: StopRecord = { leaseId: lease.id, at: now, uid: ctx.uid };
  if (ctx.requestId !== undefined) stop.requestId = ctx.requestId;
  if (ctx.clientId !== undefined) stop.clientId = ctx.clientId;
  await stops.ask(sessionId, stop);
  return { sessionId, status: (await released(rt, sessionId, lease.id)) ? 'stopped' : 'stopping' };
}
