import { createHash, randomUUID } from 'node:crypto';
import type { Branch } from '@callable-flows/protocol';
import { isKitError, KitError } from '../../errors/index.js';
import type { Message } from '../../model/index.js';
import { emptySession } from '../../session/empty-session.js';
import type { RequestRecord, Session } from '../../session/session-schema.js';
import { standingOf, statusAfter } from '../../session/session-standing.js';
import { isWriteConflict, type SessionRecord } from '../../session/session-store.js';
import { sharedPrefix } from '../../session/shared-prefix.js';
import { timedHistory } from '../../session/timed-history.js';
import type { StopRecord } from '../../session/turn-stops.js';
import { requestDigest } from '../call-records/index.js';
import { type AgentRuntime, withSessionId } from '../runtime/index.js';
import type { SessionLink } from '../sub-agent/index.js';
import type {
  AgentTurnResult,
  ClientTurnRequest,
  ContinuationRequest,
  PlannedFork,
  StartedTurn,
  TurnPlan,
} from '../turn/index.js';
import { type Admission, admitCall, notOwner } from './admit-call.js';
import { type GatedResume, gateResume, notAllowed } from './gate-resume.js';
import { sessionBusy } from './plan-turn.js';

/**
 * What beginning a call gives: a turn to run, or the stored result of the call it repeats;
 * `byApprover` when the caller answers as an approver who is not the session's owner (they are
 * told nothing of the conversation, and the turn runs as the owner's).
 */
export type TurnStart = ({ replay: AgentTurnResult } | { started: StartedTurn }) & { byApprover?: true };

/** A client's call for a session (none: a first message makes one); `link`: a sub-agent's call. */
type ClientBeginRequest = ClientTurnRequest & { sessionId: string | undefined; link?: SessionLink };

/** Which session a call asks for: a client's names one or none; the server's continuation names the one it goes on with. */
export type BeginRequest = ClientBeginRequest | (ContinuationRequest & { sessionId: string });

const CLAIM_ATTEMPTS = 4;
/** How long a caller who lost every claim race is asked to wait. */
const CONTENDED_RETRY_MS = 1_000;

/** A new session's id: derived from the request id when there is one, so a retried first call finds its session. */
function newSessionId(rt: AgentRuntime, uid: string, requestId: string | undefined): string {
  if (requestId === undefined) return randomUUID();
  return createHash('sha256').update(`${rt.name}\u0000${uid}\u0000${requestId}`).digest('base64url').slice(0, 32);
}

/**
 * What the lease write of a fork stores besides its history: the branches (the new head keeps
 * as much of its base as `history` shares with it: a round the fork closed is its own message),
 * the state and the summary of the snapshot.
 */
function forkFields(fork: PlannedFork, history: Message[]): Partial<Session> {
  const { list, prior } = fork.branches;
  const head = list.at(-1) as Branch;
  const at = Math.min(head.parent?.at ?? 0, sharedPrefix(fork.base, history));
  const branch = head.parent ? { ...head, parent: { ...head.parent, at } } : head;
  const fields: Partial<Session> = { branches: { list: [...list.slice(0, -1), branch], prior } };
  if (fork.summary !== undefined) fields.summary = fork.summary;
  if (fork.state !== undefined) fields.state = fork.state;
  return fields;
}

/** `session` without what a fork replaces by the snapshot's (the head's state and summary). */
function withoutHeadState(session: Session): Session {
  const { state: _state, summary: _summary, ...rest } = session;
  return rest;
}

function leased(
  rt: AgentRuntime,
  session: Session,
  plan: TurnPlan,
  now: number,
  requests: RequestRecord[] | undefined,
  link?: SessionLink,
): Session {
  // The lease write clears the last turn's outcome: the turn it starts has none until it ends.
  const {
    error: _error,
    requests: _requests,
    outcome: _outcome,
    ...rest
  } = plan.fork ? withoutHeadState(session) : session;
  // The user's message (and what closes the last turn's round) is stamped with the time it is admitted at.
  const history = timedHistory(plan.fork?.base ?? session.history, plan.history, now);
  return {
    ...rest,
    ...(plan.fork ? forkFields(plan.fork, history) : {}),
    ...(requests === undefined ? {} : { requests }),
    status: statusAfter('leased', plan.history),
    history,
    turn: plan.turn,
    turns: plan.turns,
    lease: { id: randomUUID(), expiresAt: now + rt.timing.leaseMs },
    version: session.version + 1,
    updatedAt: now,
    expireAt: now + (link ? link.ttlMs : rt.timing.sessionTtlMs),
  };
}

function started(record: SessionRecord, plan: TurnPlan, deadTurnStop?: StopRecord): TurnStart {
  const turn: StartedTurn = { record, kind: plan.kind, plan };
  if (plan.kind === 'retry' && deadTurnStop) turn.stoppedBefore = deadTurnStop;
  return { started: turn };
}

/**
 * The stop asked of the turn whose instance died on `session` (it runs under a lapsed lease the
 * stop named), if one was: whatever takes the session on next honours it (a retry or the
 * continuation ends the turn stopped; a new message closes its round as stopped). One read,
 * only for such a session: a stop is asked of a live lease only, so none can come after this read.
 */
async function stopOfDeadTurn(rt: AgentRuntime, session: Session, now: number): Promise<StopRecord | undefined> {
  const lease = session.lease;
  const stops = rt.store.stops;
  if (!stops || !lease || session.status !== 'running' || standingOf(session, now) !== 'incomplete') return undefined;
  const last = await stops.last(session.id);
  return last?.leaseId === lease.id ? last : undefined;
}

/**
 * Creates session `id` for a first message, with the lease and the user message in its first write
 * (admission refuses a resume). Undefined when the session exists already: the store's create is
 * the compare-and-set that decides, so the caller that lost (a retry of the first call, another call
 * with the same new id) goes on as an ordinary call on that session.
 */
async function createSession(
  rt: AgentRuntime,
  id: string,
  request: ClientBeginRequest & { digest: string },
): Promise<TurnStart | undefined> {
  const now = request.now;
  const made = emptySession({ id, ownerUid: request.uid, agent: rt.name, now });
  const empty: Session = request.link ? { ...made, parent: request.link.parent } : made;
  const admitted = admitCall(rt, empty, request);
  if ('replay' in admitted) return admitted;
  try {
    const first = leased(rt, empty, admitted.plan, now, admitted.requests, request.link);
    return started(await rt.store.create(first), admitted.plan);
  } catch (error) {
    if (isKitError(error) && error.code === 'already-exists') return undefined;
    throw error;
  }
}

/**
 * Takes a session for one call: loads it (cache first), checks its owner, decides by the call's
 * request id whether it is a call seen before (its stored result, or the retry of its journal),
 * else takes the lease with a compare-and-set write that also stores the user message and the
 * request id's record. A message naming no session, or one that does not exist yet (an id the
 * client chose), creates it. A lost race re-reads the session: a live lease is `aborted`. Every
 * error past the owner's check names the session (`details.sessionId`).
 */
export async function beginTurn(rt: AgentRuntime, request: BeginRequest): Promise<TurnStart> {
  const id =
    request.kind === 'continuation'
      ? request.sessionId
      : (request.sessionId ?? newSessionId(rt, request.uid, request.requestId));
  try {
    return await claimSession(rt, id, request);
  } catch (error) {
    // A resume that names no session reached none: its refusal names none either.
    throw request.sessionId === undefined && request.kind === 'resume' ? error : withSessionId(error, id);
  }
}

/** The digest of what a client's call asks for (see requestDigest). */
function digestOf(request: ClientBeginRequest): string {
  return request.kind === 'message'
    ? requestDigest(request.message, undefined, request.snapshotId)
    : requestDigest(undefined, request.resume);
}

/**
 * The refusal of a call on session `id`, which does not exist. A client is told what a stranger
 * is told of another user's session (`NOT_ALLOWED` for an answer through `Agent.answer`,
 * `NOT_OWNER` otherwise), so no one learns whether an id they don't own exists; only the server's
 * continuation is told `SESSION_NOT_FOUND`.
 */
function noSuchSession(id: string, request: BeginRequest): KitError {
  if (request.kind === 'continuation')
    return new KitError('not-found', `no session '${id}'`, { reason: 'SESSION_NOT_FOUND' });
  return request.kind === 'resume' && request.answerer?.approvers ? notAllowed() : notOwner(id);
}

async function claimSession(rt: AgentRuntime, id: string, request: BeginRequest): Promise<TurnStart> {
  // A client's call is admitted with the digest of what it asks; a continuation asks for nothing new.
  const asked = request.kind === 'continuation' ? request : { ...request, digest: digestOf(request) };
  // A first call with no id of its own makes a new one: the create comes first, no read before it.
  if (asked.kind !== 'continuation' && asked.sessionId === undefined) {
    const created = await createSession(rt, id, asked);
    if (created) return created;
  }
  // A refusal is never decided on a cached copy: another instance may have moved the session on
  // (given its lease up, answered the interrupt). The store is asked again before saying no; a
  // continuation (the server's, after an instance died) reads it fresh from the start.
  let fresh = request.kind === 'continuation';
  for (let attempt = 1; ; attempt++) {
    let record = await rt.store.load(id, fresh ? { fresh } : undefined);
    if (!fresh && record && standingOf(rt.givenUp.seeThrough(record.session), rt.timing.clock()) === 'held') {
      fresh = true;
      record = await rt.store.load(id, { fresh });
    }
    if (!record && asked.kind === 'message' && attempt < CLAIM_ATTEMPTS) {
      const created = await createSession(rt, id, { ...asked, now: rt.timing.clock() });
      if (created) return created;
      fresh = true;
      continue;
    }
    if (!record) throw noSuchSession(id, asked);
    const session = rt.givenUp.seeThrough(record.session);
    const now = rt.timing.clock();
    const deadTurnStop = await stopOfDeadTurn(rt, session, now);
    let admitted: Admission;
    let gated: GatedResume | undefined;
    try {
      // Who answers comes first, through the one gate: a caller who may not answer learns nothing more of the session.
      if (asked.kind === 'resume') gated = await gateResume(rt, session, { ...asked, now });
      const call = { ...asked, now, ...(deadTurnStop ? { deadTurnStop } : {}) };
      admitted = admitCall(rt, session, call, gated);
      if ('replay' in admitted) return gated?.standing === 'approver' ? { ...admitted, byApprover: true } : admitted;
    } catch (error) {
      if (fresh) throw error;
      fresh = true;
      continue;
    }
    const { plan, requests } = admitted;
    try {
      const link = asked.kind === 'continuation' ? undefined : asked.link;
      const next = leased(rt, session, plan, now, requests, link);
      const start = started(await rt.store.write(record, next), plan, deadTurnStop);
      return gated?.standing === 'approver' ? { ...start, byApprover: true } : start;
    } catch (error) {
      if (!isWriteConflict(error)) throw error;
      // Others keep writing the session: they hold it, or are about to.
      if (attempt >= CLAIM_ATTEMPTS) throw sessionBusy(session, rt.timing.clock(), CONTENDED_RETRY_MS);
    }
  }
}
