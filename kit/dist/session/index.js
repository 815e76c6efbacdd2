export { emptySession } from './empty-session.js';
export { instanceMemoryBytes } from './instance-memory.js';
export { DEFAULT_CACHE_MEMORY_SHARE, defaultCacheBytes, LruSessionCache, } from './lru-session-cache.js';
export { InMemorySessionStore } from './memory-session-store.js';
export { MemoryTurnQueue } from './memory-turn-queue.js';
export { MemoryTurnStops } from './memory-turn-stops.js';
export { parseSession } from './parse-session.js';
export { pendingOf, withPending } from './pending-of.js';
export { redactSession } from './redact-session.js';
export { HEAP_BYTES_PER_JSON_CHAR, sessionBytes } from './session-bytes.js';
export { assertWithinLimit, SESSION_LIMITS } from './session-limits.js';
export { LeaseSchema, PendingInterruptSchema, RequestOutcomeSchema, RequestRecordSchema, SESSION_SCHEMA_VERSION, SessionErrorSchema, SessionSchema, SessionStatusSchema, StoredResultSchema, SummarySchema, TurnOutcomeSchema, TurnResultSchema, TurnStateSchema, } from './session-schema.js';
export { standingOf, statusAfter } from './session-standing.js';
export { assertFence, assertSuccessor, isWriteConflict, writeConflict, } from './session-store.js';
export { turnOutcome } from './turn-outcome.js';
export { positionOf, pushOnto, } from './turn-queue.js';
//# sourceMappingURL=index.js.map