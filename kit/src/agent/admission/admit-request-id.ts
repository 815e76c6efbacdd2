import type { RequestOutcome, RequestRecord, Session, Standing, StopRecord } from '../../session/index.js';
import {
  admitRequest,
  endRequest,
  findRequest,
  replayResult,
  requestClosed,
  requestIdReused,
  waitingResult,
} from '../call-records/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentTurnResult, TurnPlan } from '../turn/index.js';
import { sessionBusy } from './plan-turn.js';

/**
 * What a request id says a call is: a call seen before gets its stored result (`replay`) or
 * goes on from its journal (`plan`, a retry); `undefined` is a call the session doesn't know
 * yet (planned as usual). A known id with another request, or whose call a later call closed,
 * is refused: nothing is written.
 */
export type RequestIdAdmission = { replay: AgentTurnResult } | { plan: TurnPlan } | undefined;

/** Decides what a call with `requestId` (asking for `digest`) is, on `session` in its `standing`. */
export function admitRequestId(
  rt: AgentRuntime,
  session: Session,
  standing: Standing,
  call: { requestId: string | undefined; digest: string; now: number },
): RequestIdAdmission {
  const id = call.requestId;
  if (id === undefined) return undefined;
  const known = findRequest(session, id);
  if (known && known.digest !== call.digest) throw requestIdReused(id);
  const replay = replayResult(session, id, rt.output);
  if (replay) return { replay };
  if (!known) return undefined;
  if (known.outcome !== undefined) throw requestClosed(id, known.outcome);
  // Its turn ended on its own and later calls went on (its result is no longer kept).
  if (session.turn?.requestId !== id) throw requestClosed(id, 'ended');
  switch (standing) {
    case 'held':
      throw sessionBusy(session, call.now);
    case 'incomplete':
      return { plan: { kind: 'retry', history: session.history, turn: session.turn, turns: session.turns } };
    case 'interrupted':
      // It failed after its tools asked a person: what it has to say is what they wait for.
      return { replay: waitingResult(session) };
    case 'expired':
      throw requestClosed(id, 'expired');
    case 'idle':
      throw requestClosed(id, 'ended');
  }
}

/** How a later call taking the session on from `standing` closes the turn it finds (none: it had ended). */
const CLOSED_BY: Record<Standing, RequestOutcome | undefined> = {
  held: 'cut-short',
  incomplete: 'cut-short',
  expired: 'expired',
  interrupted: undefined,
  idle: undefined,
};

/**
 * The request record the lease write of `plan` stores: the previous turn's call ended (a new turn,
 * or a resume under another id, takes the session on), and this call's id admitted with its digest.
 */
export function requestsAfterAdmission(
  session: Session,
  standing: Standing,
  plan: TurnPlan,
  call: { requestId: string | undefined; digest: string; now: number; deadTurnStop?: StopRecord },
): RequestRecord[] | undefined {
  if (plan.kind === 'retry') return session.requests;
  const previous = session.turn?.requestId;
  let requests = session.requests;
  const closed = standing === 'incomplete' && call.deadTurnStop ? 'stopped' : CLOSED_BY[standing];
  if (previous !== undefined && previous !== call.requestId && closed)
    requests = endRequest(requests, previous, closed);
  if (call.requestId === undefined) return requests;
  return admitRequest(requests, { id: call.requestId, digest: call.digest, at: call.now });
}
