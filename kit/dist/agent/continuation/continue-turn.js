import { isKitError, throwIfAborted } from '../../errors/index.js';
import { beginTurn } from '../admission/index.js';
/**
 * One continuation task: asks for the session as a turn request of kind `continuation`, through
 * the same admission as every call (a fresh read; the lease it names must have lapsed), then goes
 * on with the turn from its journal as a client's retry does (`run`). A turn still running throws
 * `SESSION_BUSY` so the queue tries again after its backoff; a turn that finished, or that another
 * call took over, is left alone, and one that began longer ago than `maxDurationMs` is left to a
 * client's retry. Tools of a continued turn see the owner's uid as `ctx.context.auth.uid` (the
 * caller's token claims are not kept).
 */
export async function continueTurn(rt, task, signal, run) {
    throwIfAborted(signal, 'agent call');
    let start;
    try {
        const ask = { kind: 'continuation', sessionId: task.sessionId, leaseId: task.leaseId };
        start = await beginTurn(rt, { ...ask, now: rt.timing.clock() });
    }
    catch (error) {
        const reason = isKitError(error) ? error.reason : undefined;
        // No lapsed turn of this lease (it ended, or another call took it over): nothing is left to go on with.
        if (reason === 'SESSION_NOT_FOUND' || reason === 'NOTHING_TO_RESUME')
            return 'finished';
        if (reason === 'DEADLINE')
            return 'gave-up';
        throw error;
    }
    // A continuation is never a repeated request: its admission gives a turn to run, not a stored result.
    if (!('started' in start))
        return 'finished';
    const turn = start.started;
    const uid = turn.record.session.ownerUid;
    const ctx = { uid, context: { auth: { uid, token: {} } }, ...(signal ? { signal } : {}) };
    if (turn.plan.turn.requestId !== undefined)
        ctx.requestId = turn.plan.turn.requestId;
    try {
        await run(turn, ctx);
    }
    catch (error) {
        if (isKitError(error) && error.reason === 'STOPPED')
            return 'stopped';
        throw error;
    }
    return 'continued';
}
//# sourceMappingURL=continue-turn.js.map