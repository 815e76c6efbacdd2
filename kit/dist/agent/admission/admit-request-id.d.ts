import type { RequestRecord, Session, Standing, StopRecord } from '../../session/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentTurnResult, TurnPlan } from '../turn/index.js';
/**
 * What a request id says a call is: a call seen before gets its stored result (`replay`) or
 * goes on from its journal (`plan`, a retry); `undefined` is a call the session doesn't know
 * yet (planned as usual). A known id with another request, or whose call a later call closed,
 * is refused: nothing is written.
 */
export type RequestIdAdmission = {
    replay: AgentTurnResult;
} | {
    plan: TurnPlan;
} | undefined;
/** Decides what a call with `requestId` (asking for `digest`) is, on `session` in its `standing`. */
export declare function admitRequestId(rt: AgentRuntime, session: Session, standing: Standing, call: {
    requestId: string | undefined;
    digest: string;
    now: number;
}): RequestIdAdmission;
/**
 * The request record the lease write of `plan` stores: the previous turn's call ended (a new turn,
 * or a resume under another id, takes the session on), and this call's id admitted with its digest.
 */
export declare function requestsAfterAdmission(session: Session, standing: Standing, plan: TurnPlan, call: {
    requestId: string | undefined;
    digest: string;
    now: number;
    deadTurnStop?: StopRecord;
}): RequestRecord[] | undefined;
