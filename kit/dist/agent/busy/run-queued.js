import { isKitError } from '../../errors/index.js';
import { findRequest } from '../call-records/index.js';
/**
 * The context the head's turn runs under: its waiting call's own (its stream, traces and auth),
 * else its sender's, as the server runs it. Never the waiting call's signal: a queued message is
 * the queue's to answer, so a caller that goes away (or its deadline) leaves it to run, as it
 * leaves any queued message, never half-admitted and waiting with nobody to run it.
 */
function headContext(head, waiting) {
    if (waiting?.requestId === head.requestId) {
        const { warmed: _warmed, signal: _signal, ...ctx } = waiting.ctx;
        return { ...ctx, requestId: head.requestId };
    }
    // Its tools see its sender as a call's do (`context.auth.uid`; the token's claims are not kept).
    return { uid: head.uid, requestId: head.requestId, context: { auth: { uid: head.uid, token: {} } } };
}
async function runHead(deps, sessionId, head, waiting) {
    try {
        const result = await deps.turn(sessionId, { message: head.message.content }, headContext(head, waiting));
        return { ended: { result } };
    }
    catch (error) {
        const reason = isKitError(error) ? error.reason : undefined;
        if (reason === 'SESSION_BUSY')
            return { waiting: 'held' };
        if (reason === 'INTERRUPT_PENDING')
            return { waiting: 'interrupts' };
        // Its turn was journaled under its request id (it ran and failed, was stopped, or a later call
        // closed it): it ended like any turn that ends so, and is off the queue. Not journaled: it waits.
        const session = (await deps.rt.store.load(sessionId, { fresh: true }))?.session;
        return !session || findRequest(session, head.requestId) ? { ended: { error } } : { waiting: 'store' };
    }
}
/**
 * Runs the messages queued on `sessionId`, oldest first, each as its own turn under its own request id
 * and its sender's uid, until the queue is empty or the session is not free (then whoever holds it
 * runs the rest when it releases). The head leaves the queue only once its turn was journaled, and
 * its request id, stored by that turn's first write, answers it from its stored result if it is ever
 * run again, so a message is answered at most once and never lost. Stops after the message of
 * `until` when given: the call that queued it waits for its own answer, and its turn runs as that
 * call. Safe from anywhere at any time.
 */
export async function runQueued(deps, sessionId, until) {
    const queue = deps.rt.store.queue;
    const ran = [];
    if (!queue)
        return { ran, left: 0 };
    for (;;) {
        const [head, ...rest] = await queue.list(sessionId);
        if (!head)
            return { ran, left: 0 };
        const outcome = await runHead(deps, sessionId, head, until);
        if ('waiting' in outcome)
            return { ran, left: rest.length + 1, waiting: outcome.waiting };
        await queue.shift(sessionId, head.requestId);
        ran.push(head.requestId);
        if (head.requestId === until?.requestId)
            return { ran, left: rest.length, reached: outcome.ended };
    }
}
/**
 * Runs the queue of `sessionId` after the runs already under way on this instance (so a message
 * queued while one of them looked is not missed); the promise is that run's. Turns that end call
 * it without waiting, so their caller is answered at once.
 */
export function runQueuedAfter(deps, sessionId) {
    const runs = deps.rt.queueRuns;
    const before = runs.get(sessionId) ?? Promise.resolve();
    const run = before.then(() => runQueued(deps, sessionId), () => runQueued(deps, sessionId));
    runs.set(sessionId, run);
    const forget = () => {
        if (runs.get(sessionId) === run)
            runs.delete(sessionId);
    };
    run.then(forget, forget);
    return run;
}
/** Resolves once no queue run is under way on this instance, runs started meanwhile included. Never rejects. */
export async function queueRunsEnded(deps) {
    const runs = deps.rt.queueRuns;
    while (runs.size)
        await Promise.allSettled(runs.values());
}
//# sourceMappingURL=run-queued.js.map