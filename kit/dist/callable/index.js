// The wire shapes are the protocol package's; the kit's public API keeps offering them.
export { CallRequestSchema, CallResultSchema, ClientMessageSchema, ClientPartSchema, PAYLOAD_LIMITS, RespondReplySchema, RestartReplySchema, ResumeSchema, WireChunkSchema, WireIdSchema, WireInterruptSchema, WireUsageSchema, } from '@callable-flows/protocol';
export { appCheckRequired, assertAppCheck } from './app-check.js';
export { allOf, hasClaim, signedIn, verifiedEmail } from './auth-policy.js';
export { callerUid } from './caller-context.js';
export { WIRE_ERROR_RULES } from './error-codes.js';
export { FirestoreUsageCounters, InMemoryUsageCounters, } from './limits/index.js';
export { onCallFlow } from './on-call-flow.js';
export { toHttpsError } from './to-https-error.js';
//# sourceMappingURL=index.js.map