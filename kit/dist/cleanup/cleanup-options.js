// Defaults are written out here, not imported from the session layer: the scheduled function's
// module must load without it (zod, the store), so its cold start stays short.
/** How long an interrupt may wait for a person by default: a day. */
export const DEFAULT_INTERRUPT_TTL_MS = 24 * 60 * 60 * 1000;
/** How long an untouched session is kept by default: 30 days (as `DEFAULT_SESSION_TTL_MS`). */
export const DEFAULT_CLEANUP_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Documents per query page by default. */
export const DEFAULT_BATCH_SIZE = 200;
/** The most documents one run looks at by default: a run stays well inside a minute. */
export const DEFAULT_MAX_PER_RUN = 5000;
/** Sessions expired or deleted at once by default. */
export const DEFAULT_PARALLELISM = 32;
//# sourceMappingURL=cleanup-options.js.map