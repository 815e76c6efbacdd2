// The wire shapes are the protocol package's; the kit's public API keeps offering them.
export {
  type CallRequest,
  CallRequestSchema,
  type CallResult,
  CallResultSchema,
  ClientMessageSchema,
  type ClientPart,
  ClientPartSchema,
  PAYLOAD_LIMITS,
  RespondReplySchema,
  RestartReplySchema,
  ResumeSchema,
  type WireChunk,
  WireChunkSchema,
  WireIdSchema,
  type WireInterrupt,
  WireInterruptSchema,
  WireUsageSchema,
} from '@callable-flows/protocol';
export { type AppCheckSetting, appCheckRequired, assertAppCheck } from './app-check.js';
export { type AuthPolicy, allOf, type CallerAuth, hasClaim, signedIn, verifiedEmail } from './auth-policy.js';
export type { CallContext } from './call-context.js';
export { type CallLogScope, callLogScope } from './call-log-scope.js';
export {
  callSignal,
  DEADLINE_MARGIN_MS,
  DEFAULT_TIMEOUT_SECONDS,
  deadlineFor,
  followClient,
  type OnDisconnect,
} from './call-signal.js';
export { callUsage, requestedSessionId } from './call-usage.js';
export { type CallerContext, callerContext, callerUid } from './caller-context.js';
export { chunkSender } from './chunk-sender.js';
export { WIRE_ERROR_RULES } from './error-codes.js';
export type { FlowCallable } from './flow-callable.js';
export { frameChunk } from './frame-chunk.js';
export {
  type CallPermit,
  DEFAULT_LIMITS_REFRESH_MS,
  DEFAULT_LIMITS_REREAD_AT,
  FirestoreUsageCounters,
  type FirestoreUsageCountersOptions,
  InMemoryUsageCounters,
  type UsageCounterStore,
  type UsageCounts,
  type UsageDelta,
  UsageLimiter,
  type UsageLimits,
} from './limits/index.js';
export { assertClientMedia, DEFAULT_MAX_INLINE_BYTES, type MediaPolicy } from './media-policy.js';
export { type CallTarget, onCallFlow } from './on-call-flow.js';
export type { OnCallFlowOptions } from './on-call-flow-options.js';
export { assertPayloadSize, parseCallRequest, toAgentInput } from './parse-call-request.js';
export { runCall } from './run-call.js';
export { toCallResult } from './to-call-result.js';
export { toHttpsError } from './to-https-error.js';
