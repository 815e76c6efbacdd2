import { isWaiting, openRoundOf } from '../call-state/index.js';
import { toolRequestsOf } from '../model/index.js';
/**
 * `session` with its derived field (`interrupts`) computed from its history:
 * the one place they are set. Every store calls it on what it writes, so no writer keeps them.
 */
export function withPending(session) {
    return { ...session, ...pendingOf(session.history) };
}
/**
 * The pending calls of a history: read off its last message, where the generate loop stamps
 * an interrupted turn. The history is the one source of truth; stored copies are derived.
 */
export function pendingOf(history) {
    return { interrupts: toolRequestsOf(openRoundOf(history)).filter(isWaiting) };
}
//# sourceMappingURL=pending-of.js.map