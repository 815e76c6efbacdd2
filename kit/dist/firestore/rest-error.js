/** gRPC status codes by the name the REST API reports them under (`error.status`). */
const CODES = {
    CANCELLED: 1,
    UNKNOWN: 2,
    INVALID_ARGUMENT: 3,
    DEADLINE_EXCEEDED: 4,
    NOT_FOUND: 5,
    ALREADY_EXISTS: 6,
    PERMISSION_DENIED: 7,
    RESOURCE_EXHAUSTED: 8,
    FAILED_PRECONDITION: 9,
    ABORTED: 10,
    OUT_OF_RANGE: 11,
    UNIMPLEMENTED: 12,
    INTERNAL: 13,
    UNAVAILABLE: 14,
    DATA_LOSS: 15,
    UNAUTHENTICATED: 16,
};
/** By HTTP status, for an error without a status name (a proxy's, a load balancer's). */
const BY_HTTP = {
    400: 3,
    401: 16,
    403: 7,
    404: 5,
    409: 10,
    429: 8,
    499: 1,
    501: 12,
    503: 14,
    504: 4,
};
/** How much of Firestore's own message an error keeps. */
const MESSAGE_CHARS = 300;
/**
 * A failed Firestore REST call, with the gRPC status `code` the SDK's errors carry, so one mapping
 * (`fromFirestoreError`) serves both clients.
 */
export class RestFirestoreError extends Error {
    name = 'RestFirestoreError';
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}
/**
 * Firestore's message without what it quotes: a payload it refused is quoted back ("Invalid value
 * at 'writes[0]…' (TYPE_INT64), "…"), and a field's value is document content, which no error
 * message carries.
 */
function withoutQuotes(message) {
    return message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').slice(0, MESSAGE_CHARS);
}
/** The error Firestore reported as `error` (of an answer with HTTP status `status`). */
export function restErrorOfJson(error, status) {
    const name = typeof error.status === 'string' && error.status in CODES ? error.status : undefined;
    const code = (name ? CODES[name] : undefined) ?? BY_HTTP[error.code ?? status] ?? (status >= 500 ? 14 : 2);
    const message = typeof error.message === 'string' ? withoutQuotes(error.message) : `HTTP ${error.code ?? status}`;
    return new RestFirestoreError(code, `${name ?? `HTTP ${status}`}: ${message}`);
}
/**
 * The error of an HTTP answer with status `status`, body `body` and content type `contentType`.
 * A body that is not Firestore's JSON error (a proxy's page, a load balancer's) is described, not
 * echoed: its HTTP status decides the code.
 */
export function restErrorOf(status, body, contentType = '') {
    let parsed;
    try {
        parsed = JSON.parse(body);
    }
    catch {
        parsed = undefined;
    }
    // A streamed call (batchGet) reports its error as an array's entry.
    const error = (Array.isArray(parsed) ? parsed[0] : parsed)?.error;
    if (typeof error === 'object' && error !== null)
        return restErrorOfJson(error, status);
    const code = BY_HTTP[status] ?? (status >= 500 ? 14 : 2);
    return new RestFirestoreError(code, `HTTP ${status}: ${describeBody(body, contentType)}`);
}
/** A body as a short, content-free description: its type and size. */
export function describeBody(body, contentType) {
    return `an answer that is not Firestore's (${contentType.split(';')[0] || 'no content type'}, ${Buffer.byteLength(body)} bytes)`;
}
//# sourceMappingURL=rest-error.js.map