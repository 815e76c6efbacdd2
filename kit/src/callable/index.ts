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
export { type AuthPolicy, allOf, hasClaim, signedIn, verifiedEmail } from './auth-policy.js';
export type { OnDisconnect } from './call-signal.js';
export { type CallerContext, callerUid } from './caller-context.js';
export { WIRE_ERROR_RULES } from './error-codes.js';
export type { FlowCallable } from './flow-callable.js';
export {
  FirestoreUsageCounters,
  InMemoryUsageCounters,
  type UsageCounterStore,
  type UsageLimits,
} from './limits/index.js';
export type { MediaPolicy } from './media-policy.js';
export { type CallTarget, onCallFlow } from './on-call-flow.js';
export type { OnCallFlowOptions } from './on-call-flow-options.js';
export { toHttpsError } from './to-https-error.js';
