import { stampInterrupt, stampPendingOutput } from '../call-state/index.js';
import { emptySession } from '../session/index.js';
/** Milliseconds in an hour and in a day. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** A session as an agent leaves it, last updated at `updatedAt`. */
export function sessionAt(id, updatedAt, history, status) {
    return {
        ...emptySession({ id, ownerUid: `user-${id}`, agent: 'bank', now: updatedAt }),
        status,
        version: 3,
        expireAt: updatedAt + 30 * DAY,
        history,
        turns: 1,
    };
}
/**
 * The history of a turn that waits for a person: `transfer` interrupted, `balance` finished
 * with its output kept pending (as the generate loop stamps them).
 */
export function waitingHistory(n) {
    const transfer = { toolRequest: { name: 'transfer', ref: `t${n}`, input: { cents: 100 + n } } };
    const balance = { toolRequest: { name: 'balance', ref: `b${n}`, input: {} } };
    return [
        { role: 'user', content: [{ text: `send ${n} cents to Bob` }] },
        {
            role: 'model',
            content: [
                stampInterrupt(transfer, { need: 'confirm' }),
                stampPendingOutput(balance, { toolResponse: { name: 'balance', ref: `b${n}`, output: { cents: 5000 } } }),
            ],
        },
    ];
}
/** A finished conversation of `turns` question-and-answer turns. */
export function idleHistory(turns) {
    return Array.from({ length: turns }, (_, i) => [
        { role: 'user', content: [{ text: `question ${i}: where is order #${1000 + i}?` }] },
        { role: 'model', content: [{ text: `Order #${1000 + i} ships tomorrow. `.repeat(8) }] },
    ]).flat();
}
/** An interrupted session that waits for a person (its status and pending calls agree with its history). */
export function waitingSession(id, updatedAt, n = 0) {
    const history = waitingHistory(n);
    const last = history[1];
    const [interrupt] = last.content;
    return {
        ...sessionAt(id, updatedAt, history, 'interrupted'),
        interrupts: [interrupt],
    };
}
/** Stale sessions as of `now`, in the mix asked for, with ids `prefix…`. */
export function staleSessions(mix, now, prefix = 's') {
    const out = [];
    for (let i = 0; i < mix.waiting; i++)
        out.push(waitingSession(`${prefix}w${i}`, now - 2 * DAY - i, i));
    for (let i = 0; i < mix.old; i++) {
        out.push(sessionAt(`${prefix}o${i}`, now - 40 * DAY - i, idleHistory(i < mix.long ? 30 : 1), 'idle'));
    }
    for (let i = 0; i < mix.oldWaiting; i++)
        out.push(waitingSession(`${prefix}ow${i}`, now - 35 * DAY - i, i));
    return out;
}
//# sourceMappingURL=stale-sessions.js.map