import { KitError } from '../../errors/index.js';
import type { RequestRecord, Session } from '../../session/session-schema.js';
import { standingOf } from '../../session/session-standing.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentTurnResult, TurnPlan, TurnRequest } from '../turn/index.js';
import { admitRequestId, requestsAfterAdmission } from './admit-request-id.js';
import { continuationPlan } from './continuation-plan.js';
import { planTurn } from './plan-turn.js';

/** What a call may do: give back a stored result, or run its plan after a lease write that stores `requests`. */
export type Admission = { replay: AgentTurnResult } | { plan: TurnPlan; requests: RequestRecord[] | undefined };

/**
 * Admits one call of `uid` on the stored `session` in one pass: whose session it is, its standing,
 * its request id (a call seen before gets its stored result or goes on from its journal), then its
 * plan. Every refusal of a loaded session is thrown here; nothing is written.
 */
export function admitCall(
  rt: AgentRuntime,
  session: Session,
  call: TurnRequest & { digest: string; uid: string },
): Admission {
  const { id } = session;
  if (session.ownerUid !== call.uid) {
    throw new KitError('permission-denied', `session '${id}' belongs to another user`, { reason: 'NOT_OWNER' });
  }
  if (session.agent !== rt.name) {
    const why = `session '${id}' belongs to agent '${session.agent}', not '${rt.name}'`;
    throw new KitError('failed-precondition', why, { reason: 'WRONG_AGENT' });
  }
  if (call.continues !== undefined) {
    return { plan: continuationPlan(session, call.continues, call.now), requests: session.requests };
  }
  const standing = standingOf(session, call.now);
  const admitted = admitRequestId(rt, session, standing, call);
  if (admitted && 'replay' in admitted) return admitted;
  const plan = admitted?.plan ?? planTurn(rt, session, standing, call);
  return { plan, requests: requestsAfterAdmission(session, standing, plan, call) };
}
