import { KitError } from '../../errors/index.js';
import type { RequestRecord, Session } from '../../session/session-schema.js';
import { standingOf } from '../../session/session-standing.js';
import { DEFAULT_CONTINUATION_MAX_DURATION_MS } from '../continuation-queue/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentTurnResult, ClientTurnRequest, ContinuationRequest, TurnPlan } from '../turn/index.js';
import { admitRequestId, requestsAfterAdmission } from './admit-request-id.js';
import { assertToolsListed } from './assert-tools-listed.js';
import { continuationPlan } from './continuation-plan.js';
import { gateFork } from './gate-fork.js';
import type { GatedResume } from './gate-resume.js';
import { planTurn } from './plan-turn.js';

/** What a call may do: give back a stored result, or run its plan after a lease write that stores `requests`. */
export type Admission = { replay: AgentTurnResult } | { plan: TurnPlan; requests: RequestRecord[] | undefined };

/** A call as it is admitted: a client's, with the digest of what it asks (see `requestDigest`), or the server's continuation. */
export type CallToAdmit = (ClientTurnRequest & { digest: string }) | ContinuationRequest;

/** The refusal of a call on session `id`, which is another user's: it says nothing of the session. */
export function notOwner(id: string): KitError {
  return new KitError('permission-denied', `session '${id}' belongs to another user`, { reason: 'NOT_OWNER' });
}

/**
 * Admits one call on the stored `session` in one pass: whose session it is, then for a client's
 * call its standing, its request id (a call seen before gets its stored result or goes on from its
 * journal) and its plan; for a continuation, the standing of the lease it names. Every refusal of
 * a loaded session is thrown here; nothing is written.
 */
export function admitCall(rt: AgentRuntime, session: Session, call: CallToAdmit, gated?: GatedResume): Admission {
  const { id } = session;
  // A continuation is the server's: it goes on with the owner's turn, as the owner. An approver's
  // answer was admitted by its calls' tools (gateResume) and goes on as the owner's turn.
  if (call.kind !== 'continuation' && gated?.standing !== 'approver' && session.ownerUid !== call.uid) {
    throw notOwner(id);
  }
  if (session.agent !== rt.name) {
    const why = `session '${id}' belongs to agent '${session.agent}', not '${rt.name}'`;
    // The agent in charge is named, so a callable whose hand-offs reach it serves the call under it.
    throw new KitError('failed-precondition', why, { reason: 'WRONG_AGENT', details: { agent: session.agent } });
  }
  // A snapshot id is bound to the stored session before anything else is decided on it.
  const fork =
    call.kind === 'message' && call.snapshotId !== undefined ? gateFork(session, call.snapshotId) : undefined;
  if (call.kind === 'continuation') {
    const maxDurationMs = rt.continuation?.maxDurationMs ?? DEFAULT_CONTINUATION_MAX_DURATION_MS;
    return { plan: continuationPlan(session, call.leaseId, call.now, maxDurationMs), requests: session.requests };
  }
  const standing = standingOf(session, call.now);
  const admitted = admitRequestId(rt, session, standing, call);
  if (admitted && 'replay' in admitted) return admitted;
  if (!admitted) assertToolsListed(rt, session, standing);
  const plan = admitted?.plan ?? planTurn(rt, session, standing, call, gated, fork);
  return { plan, requests: requestsAfterAdmission(session, standing, plan, call) };
}
