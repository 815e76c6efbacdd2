// The public API of Callable Flows. Each layer's own index.ts lists its exports; this file
// names the ones an application uses.

export {
  type AnsweredBy,
  type Approval,
  type ApprovalResult,
  approvalId,
  type DeclineReply,
  type RespondReply,
  type RestartReply,
  type Resume,
} from '@callable-flows/protocol';
export {
  type Agent,
  type AgentCallContext,
  type AgentConfig,
  type AgentInput,
  type AgentToolOptions,
  type AgentTurnResult,
  agentTool,
  type CompressionOptions,
  type ContinuationOptions,
  type ContinuationQueue,
  type ContinuationTask,
  defineAgent,
  type HistoryOptions,
  type PendingInterrupt,
  REQUEST_WINDOW,
} from './agent/index.js';
export {
  type AppCheckSetting,
  type AuthPolicy,
  allOf,
  type CallerContext,
  type CallRequest,
  CallRequestSchema,
  type CallResult,
  CallResultSchema,
  type CallTarget,
  callerUid,
  FirestoreUsageCounters,
  type FlowCallable,
  hasClaim,
  InMemoryUsageCounters,
  type MediaPolicy,
  type OnCallFlowOptions,
  type OnDisconnect,
  onCallFlow,
  PAYLOAD_LIMITS,
  signedIn,
  type UsageCounterStore,
  type UsageLimits,
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
export {
  type CloudTasksQueueOptions,
  cloudTasksQueue,
  onTurnContinuation,
  type TurnContinuationOptions,
} from './continuation/index.js';
export * from './engine.js';
export {
  type DocumentDb,
  emulatorEndpoint,
  GoogleAuthEndpoint,
  type GoogleAuthEndpointOptions,
  MetadataEndpoint,
  type MetadataEndpointOptions,
  type RestEndpoint,
  RestFirestore,
  type RestFirestoreOptions,
  RestGeoPoint,
  RestTimestamp,
  restEndpointFromEnv,
} from './firestore/index.js';
export { defineFlow, type Flow, type FlowConfig, type FlowContext } from './flow/index.js';
export {
  type ApprovalWaitingHook,
  approvalMessage,
  DEVICE_TOKEN_PATH,
  type DeviceToken,
  type DeviceTokenStore,
  defaultPushText,
  type FirestoreDeviceTokensOptions,
  firestoreDeviceTokens,
  type PushMessaging,
  type PushNotifierOptions,
  type PushText,
  pushNotifier,
} from './notify/index.js';
export { redactSecrets, redactValue } from './redact/index.js';
export {
  FirestoreSessionStore,
  type FirestoreSessionStoreOptions,
  type StoreOperation,
} from './session/firestore/index.js';
export {
  type ApprovalNotice,
  type ApprovalNotices,
  type ApprovalState,
  InMemorySessionStore,
  isWriteConflict,
  LruSessionCache,
  SESSION_LIMITS,
  type Session,
  type SessionDeleteOptions,
  type SessionRecord,
  SessionSchema,
  type SessionStatus,
  type SessionStore,
  type StopRecord,
  type SweepableSessionStore,
  standingOf,
  type TurnStops,
  type WaitingApproval,
} from './session/index.js';
export {
  FirestoreConfigError,
  type MergedFiles,
  mergeFirestoreFiles,
  mergeIndexes,
  mergeRules,
} from './setup/index.js';
export {
  CAPTURE_CONTENT_ENV,
  type RegisteredTracing,
  type RegisterTracingOptions,
  registerTracing,
} from './telemetry/index.js';
export {
  type ApproverCall,
  type ApproverCheck,
  type ApproverInbox,
  type ApproverSessionView,
  type Approvers,
  approversIn,
  approversWithClaim,
} from './tools/index.js';
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
