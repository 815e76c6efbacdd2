// The wire shapes are the protocol package's; the kit's public API keeps offering them.
export { CallRequestSchema, CallResultSchema, ClientMessageSchema, ClientPartSchema, PAYLOAD_LIMITS, RespondReplySchema, RestartReplySchema, ResumeSchema, WireChunkSchema, WireIdSchema, WireInterruptSchema, WireUsageSchema, } from '@callable-flows/protocol';
export { appCheckRequired, assertAppCheck } from './app-check.js';
export { allOf, hasClaim, signedIn, verifiedEmail } from './auth-policy.js';
export { callLogScope } from './call-log-scope.js';
export { callSignal, DEADLINE_MARGIN_MS, DEFAULT_TIMEOUT_SECONDS, deadlineFor, followClient, } from './call-signal.js';
export { callUsage, requestedSessionId } from './call-usage.js';
export { callerContext, callerUid } from './caller-context.js';
export { chunkSender } from './chunk-sender.js';
export { WIRE_ERROR_RULES } from './error-codes.js';
export { frameChunk } from './frame-chunk.js';
export { DEFAULT_LIMITS_REFRESH_MS, DEFAULT_LIMITS_REREAD_AT, FirestoreUsageCounters, InMemoryUsageCounters, UsageLimiter, } from './limits/index.js';
export { assertClientMedia, DEFAULT_MAX_INLINE_BYTES } from './media-policy.js';
export { onCallFlow } from './on-call-flow.js';
export { assertPayloadSize, parseCallRequest, toAgentInput } from './parse-call-request.js';
export { runCall } from './run-call.js';
export { toCallResult } from './to-call-result.js';
export { toHttpsError } from './to-https-error.js';
//# sourceMappingURL=index.js.map