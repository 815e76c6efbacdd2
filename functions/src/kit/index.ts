// The public API of Callable Flows. Each layer's own index.ts lists its exports; this file
// names the ones an application uses.

export {
  type AuthPolicy,
  allOf,
  type CallerContext,
  type CallRequest,
  CallRequestSchema,
  type CallResult,
  CallResultSchema,
  type CallTarget,
  callerUid,
  type FlowCallable,
  hasClaim,
  type MediaPolicy,
  type OnCallFlowOptions,
  onCallFlow,
  PAYLOAD_LIMITS,
  signedIn,
  verifiedEmail,
  WIRE_ERROR_RULES,
  type WireChunk,
  WireChunkSchema,
} from './callable/index.js';
export {
  type CleanupOptions,
  type CleanupReport,
  type ExpiredHook,
  notifyOwner,
  runCleanup,
  type ScheduledCleanupOptions,
  scheduledCleanup,
} from './cleanup/index.js';
export * from './engine.js';
export { ERROR_REASONS, type ErrorReason, isKitError, KitError, type KitErrorCode } from './errors/index.js';
export { defineFlow, type Flow, type FlowConfig, type FlowContext } from './flow/index.js';
export { redactSecrets, redactValue } from './redact/index.js';
export {
  type Agent,
  type AgentCallContext,
  type AgentConfig,
  type AgentInput,
  type AgentTurnResult,
  type CompressionOptions,
  defineAgent,
  FirestoreSessionStore,
  type FirestoreSessionStoreOptions,
  type HistoryOptions,
  InMemorySessionStore,
  isWriteConflict,
  type LedgerEntry,
  LruSessionCache,
  type PendingInterrupt,
  type RespondReply,
  type RestartReply,
  type Session,
  type SessionDeleteOptions,
  type SessionRecord,
  SessionSchema,
  type SessionStatus,
  type SessionStore,
  type StoreOperation,
  type SweepableSessionStore,
  standingOf,
} from './session/index.js';
export {
  firestoreTraceSink,
  flowMetrics,
  formatMetrics,
  loggerTraceSink,
  readTraces,
  recordTurn,
  type TraceSink,
  type TurnTrace,
} from './trace/index.js';
