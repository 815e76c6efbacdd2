import type { RequestRecord, Session } from '../../session/session-schema.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentTurnResult, ClientTurnRequest, ContinuationRequest, TurnPlan } from '../turn/index.js';
/** What a call may do: give back a stored result, or run its plan after a lease write that stores `requests`. */
export type Admission = {
    replay: AgentTurnResult;
} | {
    plan: TurnPlan;
    requests: RequestRecord[] | undefined;
};
/** A call as it is admitted: a client's, with the digest of what it asks (see `requestDigest`), or the server's continuation. */
export type CallToAdmit = (ClientTurnRequest & {
    digest: string;
}) | ContinuationRequest;
/**
 * Admits one call on the stored `session` in one pass: whose session it is, then for a client's
 * call its standing, its request id (a call seen before gets its stored result or goes on from its
 * journal) and its plan; for a continuation, the standing of the lease it names. Every refusal of
 * a loaded session is thrown here; nothing is written.
 */
export declare function admitCall(rt: AgentRuntime, session: Session, call: CallToAdmit): Admission;
