import { pendingOf } from './pending-of.js';
/** The standing of `session` at time `now` (epoch ms). */
export function standingOf(session, now) {
    if (session.lease && session.lease.expiresAt > now)
        return 'held';
    switch (session.status) {
        case 'idle':
        case 'interrupted':
        case 'expired':
            return session.status;
        default:
            // A running turn whose lease lapsed, or a failed one: if it was a resume that never got
            // past its interrupts, the session still waits for them.
            return waitsForAPerson(session.history) ? 'interrupted' : 'incomplete';
    }
}
/** True when a call of the history's last round waits for a person: the one test of "interrupted". */
const waitsForAPerson = (history) => pendingOf(history).interrupts.length > 0;
/**
 * The status a session is stored with after `event`, its history then being `history`: the one
 * place a status is decided (a new session starts `idle`). A turn that ends with a call of its
 * last round waiting for a person is `interrupted`, whether it failed or not.
 */
export function statusAfter(event, history) {
    if (event === 'leased')
        return 'running';
    if (event === 'expired')
        return 'expired';
    if (waitsForAPerson(history))
        return 'interrupted';
    return event === 'failed' ? 'failed' : 'idle';
}
//# sourceMappingURL=session-standing.js.map