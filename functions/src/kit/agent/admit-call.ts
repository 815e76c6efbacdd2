import type { RequestRecord, Session } from '../session/session-schema.js';
import { standingOf } from '../session/session-standing.js';
import { admitRequestId, requestsAfterAdmission } from './admit-request-id.js';
import type { AgentTurnResult } from './agent.js';
import type { AgentRuntime } from './agent-runtime.js';
import { continuationPlan } from './continue-turn.js';
import { planTurn, type TurnPlan, type TurnRequest } from './plan-turn.js';

/** What a call may do: give back a stored result, or run its plan after a lease write that stores `requests`. */
export type Admission = { replay: AgentTurnResult } | { plan: TurnPlan; requests: RequestRecord[] | undefined };

/**
 * Admits one call on the stored `session` in one pass: its standing, its request id (a call seen before
 * gets its stored result or goes on from its journal), then its plan. A refusal is thrown; nothing is written.
 */
export function admitCall(rt: AgentRuntime, session: Session, call: TurnRequest & { digest: string }): Admission {
  if (call.continues !== undefined) {
    return { plan: continuationPlan(session, call.continues, call.now), requests: session.requests };
  }
  const standing = standingOf(session, call.now);
  const admitted = admitRequestId(rt, session, standing, call);
  if (admitted && 'replay' in admitted) return admitted;
  const plan = admitted?.plan ?? planTurn(rt, session, standing, call);
  return { plan, requests: requestsAfterAdmission(session, standing, plan, call) };
}
