import { KitError } from '../../errors/index.js';
import { standingOf } from '../../session/session-standing.js';
import { DEFAULT_CONTINUATION_MAX_DURATION_MS } from '../continuation-queue/index.js';
import { admitRequestId, requestsAfterAdmission } from './admit-request-id.js';
import { continuationPlan } from './continuation-plan.js';
import { planTurn } from './plan-turn.js';
/**
 * Admits one call on the stored `session` in one pass: whose session it is, then for a client's
 * call its standing, its request id (a call seen before gets its stored result or goes on from its
 * journal) and its plan; for a continuation, the standing of the lease it names. Every refusal of
 * a loaded session is thrown here; nothing is written.
 */
export function admitCall(rt, session, call) {
    const { id } = session;
    // A continuation is the server's: it goes on with the owner's turn, as the owner.
    if (call.kind !== 'continuation' && session.ownerUid !== call.uid) {
        throw new KitError('permission-denied', `session '${id}' belongs to another user`, { reason: 'NOT_OWNER' });
    }
    if (session.agent !== rt.name) {
        const why = `session '${id}' belongs to agent '${session.agent}', not '${rt.name}'`;
        throw new KitError('failed-precondition', why, { reason: 'WRONG_AGENT' });
    }
    if (call.kind === 'continuation') {
        const maxDurationMs = rt.continuation?.maxDurationMs ?? DEFAULT_CONTINUATION_MAX_DURATION_MS;
        return { plan: continuationPlan(session, call.leaseId, call.now, maxDurationMs), requests: session.requests };
    }
    const standing = standingOf(session, call.now);
    const admitted = admitRequestId(rt, session, standing, call);
    if (admitted && 'replay' in admitted)
        return admitted;
    const plan = admitted?.plan ?? planTurn(rt, session, standing, call);
    return { plan, requests: requestsAfterAdmission(session, standing, plan, call) };
}
//# sourceMappingURL=admit-call.js.map