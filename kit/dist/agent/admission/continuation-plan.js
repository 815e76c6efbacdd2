import { KitError } from '../../errors/index.js';
import { standingOf } from '../../session/session-standing.js';
import { sessionBusy } from './plan-turn.js';
/** Where the turn that ran under `leaseId` stands: its instance may still run it, it lapsed, or it is gone. */
export function continuationStanding(session, leaseId, now) {
    if (session.lease?.id !== leaseId || session.status !== 'running')
        return 'gone';
    if (session.lease.expiresAt > now)
        return 'live';
    // A turn that died while its round waits for a person is not continued: it waits for them.
    return standingOf(session, now) === 'incomplete' ? 'lapsed' : 'gone';
}
/** The refusal of a task whose turn ended or was taken over: there is nothing to continue. */
export function nothingToContinue(sessionId) {
    return new KitError('failed-precondition', `no lapsed turn to continue on session '${sessionId}'`, {
        reason: 'NOTHING_TO_RESUME',
    });
}
/** The refusal of a task whose turn began more than `maxDurationMs` ago: it is left to a client's retry. */
export function continuedTooLong(sessionId, maxDurationMs) {
    return new KitError('deadline-exceeded', `the turn on session '${sessionId}' began over ${maxDurationMs} ms ago`, {
        reason: 'DEADLINE',
    });
}
/**
 * The plan of a continuation, decided on the stored session as every admission is: the retry of
 * the turn whose lease lapsed (exactly what a client's retry of it plans), else a refusal: the
 * lease still live is `SESSION_BUSY` (the queue tries again later), a turn gone is nothing to
 * continue, a turn that began more than `maxDurationMs` ago is too old to go on with (`DEADLINE`).
 */
export function continuationPlan(session, leaseId, now, maxDurationMs) {
    const standing = continuationStanding(session, leaseId, now);
    if (standing === 'live')
        throw sessionBusy(session, now);
    if (standing === 'gone' || !session.turn)
        throw nothingToContinue(session.id);
    if (now - session.turn.startedAt > maxDurationMs)
        throw continuedTooLong(session.id, maxDurationMs);
    return { kind: 'retry', history: session.history, turn: session.turn, turns: session.turns };
}
//# sourceMappingURL=continuation-plan.js.map