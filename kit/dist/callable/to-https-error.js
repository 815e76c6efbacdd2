import * as logger from 'firebase-functions/logger';
import { HttpsError } from 'firebase-functions/v2/https';
import { isKitError } from '../errors/index.js';
import { redactSecrets, redactValue } from '../redact/index.js';
import { WIRE_ERROR_RULES } from './error-codes.js';
/**
 * An error as a log entry can hold it (the logger writes an Error's own fields as `{}`), with
 * secrets taken out: an SDK's message may quote a URL with its key, a driver's a password.
 */
function loggable(error) {
    if (!(error instanceof Error))
        return typeof error === 'string' ? redactSecrets(error) : error;
    const entry = {
        name: error.name,
        message: redactSecrets(error.message),
        stack: error.stack === undefined ? undefined : redactSecrets(error.stack),
    };
    if (error.cause !== undefined)
        entry.cause = loggable(error.cause);
    return entry;
}
/**
 * The reason of `error`, or of the first kit error with the same code in its causes (a layer
 * that wraps a store's error keeps its reason), or the code's default.
 */
function reasonOf(error) {
    for (let e = error, depth = 0; isKitError(e) && depth < 5; e = e.cause, depth++) {
        if (e.code !== error.code)
            break;
        if (e.reason)
            return e.reason;
    }
    return WIRE_ERROR_RULES[error.code].reason;
}
/**
 * The details a client may see when the message is fixed: the reason, when to retry and the
 * session the call had (a first call's client needs it to watch, stop or retry the turn), no more.
 * Never the session of a `permission-denied`: its caller may learn nothing of it.
 */
function minimalDetails(error, reason) {
    const { retryAfterMs, sessionId } = error.details ?? {};
    return {
        reason,
        ...(typeof retryAfterMs === 'number' ? { retryAfterMs } : {}),
        ...(typeof sessionId === 'string' && error.code !== 'permission-denied' ? { sessionId } : {}),
    };
}
/**
 * A flow's own HttpsError, with a reason added when it names none and the session the kit named
 * when it passed the error on (details kept otherwise).
 */
function withWireReason(error, sessionId) {
    const details = error.details;
    if (details !== undefined && (typeof details !== 'object' || details === null || Array.isArray(details)))
        return error;
    const session = typeof sessionId === 'string' && !(details && 'sessionId' in details) ? { sessionId } : {};
    if (details && 'reason' in details && !('sessionId' in session))
        return error;
    const reason = WIRE_ERROR_RULES[error.code]?.reason ?? 'INTERNAL';
    return new HttpsError(error.code, error.message, { reason, ...details, ...session });
}
function logKitError(error, reason, scope) {
    const rule = WIRE_ERROR_RULES[error.code];
    const misconfigured = reason === 'SERVER_MISCONFIGURED';
    const log = rule.logAsError || misconfigured ? logger.error : logger.warn;
    // The operator must act, not the caller: the log line says so first.
    const prefix = misconfigured ? 'SERVER MISCONFIGURED: ' : '';
    log(`${prefix}${scope.function}: ${error.code}: ${redactSecrets(error.message)}`, {
        ...scope,
        code: error.code,
        reason,
        cause: loggable(error.cause),
    });
}
/**
 * The HttpsError a client gets for `error`, always with `details.reason` from the enum
 * (docs/reference.md, errors). Kit errors follow {@link WIRE_ERROR_RULES}; their message and
 * details are redacted once more on the way out. An HttpsError a flow threw on purpose passes
 * through (given a reason if it names none); anything else is a bug or an outage we did not
 * name: logged with the session id and surfaced as `internal` with reason `INTERNAL`.
 */
export function toHttpsError(error, scope) {
    if (error instanceof HttpsError)
        return withWireReason(error);
    // A tool's HttpsError that the agent passed on with its session's id (withSessionId wraps a
    // foreign error as `internal`, keeping it as the cause): the flow's own, as if never wrapped.
    if (isKitError(error) && error.code === 'internal' && error.cause instanceof HttpsError)
        return withWireReason(error.cause, error.details?.sessionId);
    if (isKitError(error)) {
        const rule = WIRE_ERROR_RULES[error.code];
        const reason = reasonOf(error);
        logKitError(error, reason, scope);
        return rule.message === undefined
            ? new HttpsError(error.code, redactSecrets(error.message), redactValue({ ...error.details, reason }))
            : new HttpsError(error.code, rule.message, minimalDetails(error, reason));
    }
    logger.error(`${scope.function}: unexpected error`, { ...scope, error: loggable(error) });
    return new HttpsError('internal', 'internal error', { reason: 'INTERNAL' });
}
//# sourceMappingURL=to-https-error.js.map