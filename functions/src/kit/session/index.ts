export type {
  Agent,
  AgentCallContext,
  AgentInput,
  AgentTurnResult,
  PendingInterrupt,
  RespondReply,
  RestartReply,
} from './agent.js';
export {
  type AgentConfig,
  type CompressionOptions,
  DEFAULT_KEEP_RESULTS,
  DEFAULT_LEASE_MS,
  DEFAULT_SESSION_TTL_MS,
  DEFAULT_SUMMARY_INSTRUCTIONS,
  type HistoryOptions,
} from './agent-config.js';
export { type ClosingReason, closeTrailingRequests } from './close-trailing-requests.js';
export { defineAgent } from './define-agent.js';
export { emptySession, type NewSession } from './empty-session.js';
export { firestoreCode, fromFirestoreError } from './firestore-error.js';
export {
  FirestoreSessionStore,
  type FirestoreSessionStoreOptions,
  type FirestoreStorage,
  type StoreOperation,
} from './firestore-session-store.js';
export {
  DEFAULT_HISTORY_LIMITS,
  EMPTY_LAYOUT,
  type HistoryLayout,
  type HistoryLimits,
  type HistoryPlan,
  planHistory,
  readHistory,
} from './history-layout.js';
export { instanceMemoryBytes } from './instance-memory.js';
export {
  DEFAULT_LEDGER_TTL_MS,
  type LedgerEntry,
  LedgerEntrySchema,
  LedgerResultSchema,
} from './ledger-entry.js';
export { canonicalJson, inputHash, type LedgerKeyParts, ledgerKey } from './ledger-key.js';
export {
  DEFAULT_CACHE_MEMORY_SHARE,
  defaultCacheBytes,
  LruSessionCache,
  type LruSessionCacheOptions,
} from './lru-session-cache.js';
export { InMemorySessionStore } from './memory-session-store.js';
export { parseSession } from './parse-session.js';
export { type PendingState, pendingOf } from './pending-of.js';
export { redactSession } from './redact-session.js';
export { HEAP_BYTES_PER_JSON_CHAR, sessionBytes } from './session-bytes.js';
export {
  type Lease,
  LeaseSchema,
  PendingInterruptSchema,
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
  TurnResultSchema,
  type TurnState,
  TurnStateSchema,
} from './session-schema.js';
export { type Standing, standingOf } from './session-standing.js';
export {
  assertFence,
  assertSuccessor,
  isWriteConflict,
  type SessionDeleteOptions,
  type SessionRecord,
  type SessionStore,
  type SessionVersion,
  type SessionWriteOptions,
  writeConflict,
} from './session-store.js';
export type { LedgerSweep, ScannedSession, SessionScan, SweepableSessionStore } from './session-sweep.js';
export { renderTranscript, type SummariseOptions, summariseHistory } from './summarise-history.js';
export { summaryCut } from './summary-cut.js';
export { toPendingInterrupt, toTurnResult } from './to-turn-result.js';
