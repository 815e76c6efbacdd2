export { emptySession, type NewSession } from './empty-session.js';
export { instanceMemoryBytes } from './instance-memory.js';
export {
  DEFAULT_CACHE_MEMORY_SHARE,
  defaultCacheBytes,
  LruSessionCache,
  type LruSessionCacheOptions,
} from './lru-session-cache.js';
export { InMemorySessionStore } from './memory-session-store.js';
export { MemoryTurnQueue } from './memory-turn-queue.js';
export { MemoryTurnStops } from './memory-turn-stops.js';
export { parseSession } from './parse-session.js';
export { type PendingCalls, pendingOf, withPending } from './pending-of.js';
export { redactSession } from './redact-session.js';
export { HEAP_BYTES_PER_JSON_CHAR, sessionBytes } from './session-bytes.js';
export { assertWithinLimit, SESSION_LIMITS, type SessionLimit } from './session-limits.js';
export {
  type Lease,
  LeaseSchema,
  PendingInterruptSchema,
  type RequestOutcome,
  RequestOutcomeSchema,
  type RequestRecord,
  RequestRecordSchema,
  SESSION_SCHEMA_VERSION,
  type Session,
  type SessionError,
  SessionErrorSchema,
  SessionSchema,
  type SessionStatus,
  SessionStatusSchema,
  type StoredResult,
  StoredResultSchema,
  type Summary,
  SummarySchema,
  type TurnOutcome,
  TurnOutcomeSchema,
  TurnResultSchema,
  type TurnState,
  TurnStateSchema,
} from './session-schema.js';
export { type Standing, type StatusEvent, standingOf, statusAfter } from './session-standing.js';
export {
  assertFence,
  assertSuccessor,
  isWriteConflict,
  type SessionDeleteOptions,
  type SessionLoadOptions,
  type SessionRecord,
  type SessionStore,
  type SessionVersion,
  type SessionWriteOptions,
  writeConflict,
} from './session-store.js';
export type { ScannedSession, SessionScan, SweepableSessionStore } from './session-sweep.js';
export { type TurnEnd, turnOutcome } from './turn-outcome.js';
export {
  positionOf,
  pushOnto,
  type QueuedMessage,
  type QueuePush,
  type QueuePushOptions,
  type TurnQueue,
} from './turn-queue.js';
export type { StopRecord, TurnStops } from './turn-stops.js';
