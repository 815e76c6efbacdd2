/**
 * Every kit error code and how it goes over the wire, as the HttpsError of the same code (docs/reference.md,
 * errors: code and reason). Complete by type: a new code fails to compile until it is given a rule here.
 */
export const WIRE_ERROR_RULES = {
    cancelled: { reason: 'CANCELLED' },
    unknown: { message: 'unknown error', logAsError: true, reason: 'INTERNAL' },
    'invalid-argument': { reason: 'INVALID_FIELD' },
    'deadline-exceeded': { logAsError: true, reason: 'DEADLINE' },
    'not-found': { reason: 'SESSION_NOT_FOUND' },
    // Two calls creating one session at once: the loser retries and finds it.
    'already-exists': { reason: 'SESSION_BUSY' },
    // Another user's session: they learn that they may not, and nothing about it.
    'permission-denied': { message: 'permission denied', reason: 'NOT_OWNER' },
    'resource-exhausted': { logAsError: true, reason: 'RATE_LIMITED' },
    'failed-precondition': { reason: 'NOTHING_TO_RESUME' },
    aborted: { reason: 'SESSION_BUSY' },
    'out-of-range': { reason: 'INVALID_FIELD' },
    unimplemented: { logAsError: true, reason: 'SERVER_MISCONFIGURED' },
    internal: { message: 'internal error', logAsError: true, reason: 'INTERNAL' },
    // Models name MODEL_UNAVAILABLE themselves (defineModel fills it in), so what is left is the store.
    unavailable: { logAsError: true, reason: 'STORE_UNAVAILABLE' },
    'data-loss': { message: 'internal error', logAsError: true, reason: 'INTERNAL' },
    unauthenticated: { reason: 'UNAUTHENTICATED' },
};
//# sourceMappingURL=error-codes.js.map