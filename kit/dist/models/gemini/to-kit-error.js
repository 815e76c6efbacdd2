import { abortError, isKitError, KitError } from '../../errors/index.js';
const OURS = { code: 'internal', reason: 'SERVER_MISCONFIGURED' };
const TRANSIENT = { code: 'unavailable', reason: 'MODEL_UNAVAILABLE' };
/**
 * HTTP statuses Gemini answers with. Codes follow who must act: a 4xx is a request *we* built
 * or a key *we* hold (400 is also Gemini's answer to a bad key), so it is the operator's
 * (`internal`), never blamed on the client; a 429 is a quota to wait for; a 5xx is transient.
 */
export const STATUS_RULES = {
    400: OURS,
    401: OURS,
    403: OURS,
    404: OURS,
    408: { code: 'deadline-exceeded', reason: 'MODEL_UNAVAILABLE' },
    409: TRANSIENT,
    412: OURS,
    429: { code: 'resource-exhausted', reason: 'MODEL_QUOTA' },
    499: { code: 'cancelled', reason: 'CANCELLED' },
    500: TRANSIENT,
    501: OURS,
    502: TRANSIENT,
    503: TRANSIENT,
    504: { code: 'deadline-exceeded', reason: 'MODEL_UNAVAILABLE' },
};
/** The rule for an HTTP status from Gemini: other 4xx are our request's fault, other 5xx transient. */
export function ruleForStatus(status) {
    return STATUS_RULES[status] ?? (status >= 500 ? TRANSIENT : OURS);
}
// Node's fetch (undici) reports a refused, reset or cut connection as a TypeError whose
// cause carries a system or undici code.
const NETWORK_CODE = /^(E[A-Z]+|UND_ERR_\w+)$/;
function isNetworkError(error) {
    for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
        const code = e.code;
        if (typeof code === 'string' && NETWORK_CODE.test(code))
            return true;
        if (e.name === 'TypeError' && (e.message === 'fetch failed' || e.message === 'terminated'))
            return true;
    }
    return false;
}
// The SDK's words for a body it could not read: a cut-off event, a chunk that isn't JSON.
const MALFORMED = /Incomplete JSON segment|exception parsing stream chunk|is not valid JSON|Unexpected (end|token)/;
/**
 * Gemini's error body, out of the SDK's `ApiError`: its message is the JSON body, or, for an
 * error event mid-stream, `got status: X. {json}`.
 */
function apiBody(error) {
    const json = error.message.startsWith('{') ? error.message : /^got status: [^{]*?(\{.*)$/s.exec(error.message)?.[1];
    if (!json)
        return {};
    try {
        const body = JSON.parse(json);
        return typeof body.error === 'object' && body.error !== null ? body.error : {};
    }
    catch {
        return {};
    }
}
/** Milliseconds from a protobuf Duration as JSON (`"37s"`, `"1.5s"`). */
function durationMs(text) {
    const match = typeof text === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(text) : null;
    return match ? Math.ceil(Number(match[1]) * 1000) : undefined;
}
/** The wait Gemini asks for in a 429's `google.rpc.RetryInfo` detail, if it names one. */
export function retryAfterMsOf(body) {
    if (!Array.isArray(body.details))
        return undefined;
    for (const detail of body.details) {
        const d = detail;
        if (typeof d?.['@type'] === 'string' && d['@type'].endsWith('google.rpc.RetryInfo'))
            return durationMs(d.retryDelay);
    }
    return undefined;
}
/** The kit's own words for a status: Gemini's message stays in `cause`, for the redacted log. */
function wordsFor(what, status, rule) {
    if (rule.reason === 'MODEL_QUOTA')
        return `${what} hit its quota (HTTP ${status}); try again later`;
    if (rule.reason === 'SERVER_MISCONFIGURED')
        return `${what} was refused (HTTP ${status}): the server's model setup is wrong`;
    if (rule.reason === 'CANCELLED')
        return `${what} was cancelled (HTTP ${status})`;
    return `${what} failed: the model is unavailable (HTTP ${status}); try again`;
}
function fromApiError(error, status, what) {
    const body = apiBody(error);
    const rule = ruleForStatus(status);
    const details = { status };
    if (body.status)
        details.providerStatus = body.status;
    const retryAfterMs = status === 429 ? retryAfterMsOf(body) : undefined;
    if (retryAfterMs !== undefined)
        details.retryAfterMs = retryAfterMs;
    if (rule.reason === 'SERVER_MISCONFIGURED') {
        // Nobody but the operator can fix this (a bad or missing key, a request we built wrong):
        // say so where they look, whatever the caller does with the error.
        // (console, not the functions logger: the model layer runs outside Cloud Functions too.)
        console.error(`[callable-flows] SERVER MISCONFIGURED: ${what} was refused with HTTP ${status}` +
            ` (${body.status ?? 'no status'}); check the model's API key, name and request`);
    }
    return new KitError(rule.code, wordsFor(what, status, rule), { cause: error, details, reason: rule.reason });
}
/**
 * Any failure of a Gemini call as a kit error with a code a caller can act on and a reason
 * from the enum: HTTP statuses by {@link STATUS_RULES}, the caller's abort as `aborted`, the
 * call's deadline as `deadline-exceeded`, network failures and unreadable bodies as
 * `unavailable`. The message is the kit's own; Gemini's words and the SDK's stay in `cause`.
 */
export function toKitError(error, call) {
    if (isKitError(error))
        return error;
    const what = `Gemini call to '${call.model}'`;
    if (call.caller?.aborted)
        return abortError(call.caller, what);
    if (call.timedOut) {
        return new KitError('deadline-exceeded', `${what} took longer than ${call.timeoutMs} ms`, {
            cause: error,
            reason: 'MODEL_UNAVAILABLE',
        });
    }
    // Anything unnamed may be our own bug as well as Gemini's: INTERNAL, logged with its cause.
    const unnamed = { cause: error, reason: 'INTERNAL' };
    if (!(error instanceof Error))
        return new KitError('unknown', `${what} failed`, unnamed);
    const transient = { cause: error, reason: 'MODEL_UNAVAILABLE' };
    const status = error.status;
    if (error.name === 'ApiError' && typeof status === 'number')
        return fromApiError(error, status, what);
    if (error.name === 'AbortError')
        return new KitError('aborted', `${what} was aborted`, { cause: error, reason: 'CANCELLED' });
    if (isNetworkError(error))
        return new KitError('unavailable', `${what} lost its connection`, transient);
    if (error instanceof SyntaxError || MALFORMED.test(error.message)) {
        return new KitError('unavailable', `${what} returned a malformed body`, transient);
    }
    if (/only supported in|not supported/.test(error.message)) {
        // The SDK refused a feature of our request before sending it: the flow's setup, not the caller.
        return new KitError('internal', `${what} asked for a feature this backend does not support`, {
            cause: error,
            reason: 'SERVER_MISCONFIGURED',
        });
    }
    return new KitError('unknown', `${what} failed`, unnamed);
}
//# sourceMappingURL=to-kit-error.js.map