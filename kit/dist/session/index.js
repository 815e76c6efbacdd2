export { emptySession } from './empty-session.js';
export { defaultCacheBytes, LruSessionCache } from './lru-session-cache.js';
export { InMemorySessionStore } from './memory-session-store.js';
export { parseSession } from './parse-session.js';
export { pendingOf, withPending } from './pending-of.js';
export { SESSION_LIMITS } from './session-limits.js';
export { PendingInterruptSchema, SessionSchema, TurnResultSchema, } from './session-schema.js';
export { standingOf, statusAfter } from './session-standing.js';
export { isWriteConflict, } from './session-store.js';
export { turnOutcome } from './turn-outcome.js';
export { positionOf } from './turn-queue.js';
//# sourceMappingURL=index.js.map