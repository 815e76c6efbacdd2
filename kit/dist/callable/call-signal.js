import { KitError } from '../errors/index.js';
/**
 * Aborts the turn when the client disconnects or shortly before the function's own timeout, so
 * the turn stores what finished and releases its lease instead of being killed mid-write.
 */
export function callSignal(client, deadlineMs) {
    if (deadlineMs === undefined)
        return { signal: client, dispose: () => { } };
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new KitError('deadline-exceeded', `the call ran out of time after ${deadlineMs} ms`, { reason: 'DEADLINE' })), deadlineMs);
    timer.unref();
    return {
        signal: client ? AbortSignal.any([client, deadline.signal]) : deadline.signal,
        dispose: () => clearTimeout(timer),
    };
}
/**
 * The signal a call runs under once its target is known: with `finish` (agents' default) the
 * client's going away no longer aborts it, only the deadline does; with `cancel` (flows' default) both do.
 */
export function followClient(deadline, client, onDisconnect) {
    if (onDisconnect === 'finish' || !client)
        return deadline;
    return deadline ? AbortSignal.any([client, deadline]) : client;
}
/** Cloud Functions' default timeout for an HTTPS function (v2), in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 60;
/** Time kept back from the function's timeout to store the aborted turn. */
export const DEADLINE_MARGIN_MS = 5_000;
/** The turn's deadline for a function with `timeoutSeconds` (a number; else the platform default). */
export function deadlineFor(timeoutSeconds) {
    const seconds = typeof timeoutSeconds === 'number' && timeoutSeconds > 0 ? timeoutSeconds : DEFAULT_TIMEOUT_SECONDS;
    return Math.max(1_000, seconds * 1_000 - DEADLINE_MARGIN_MS);
}
//# sourceMappingURL=call-signal.js.map