export {
  type AnsweredBy,
  AnsweredBySchema,
  APPROVAL_STATES,
  type Approval,
  type ApprovalDoc,
  ApprovalDocSchema,
  type ApprovalNotice,
  type ApprovalState,
  type ApproverAddress,
  ApproverAddressSchema,
  readApproval,
} from './approval-doc.js';
export { APPROVALS_COLLECTION, approvalId } from './approval-id.js';
export {
  type CallRequest,
  CallRequestSchema,
  type ClientMessage,
  ClientMessageSchema,
  type ClientPart,
  ClientPartSchema,
  type DeclineReply,
  DeclineReplySchema,
  type RespondReply,
  RespondReplySchema,
  type RestartReply,
  RestartReplySchema,
  type Resume,
  ResumeSchema,
  WireIdSchema,
  type WireRequest,
} from './call-request.js';
export {
  type ApprovalResult,
  ApprovalResultSchema,
  type CallResult,
  CallResultSchema,
  type FailedCall,
  FailedCallSchema,
  type MessageResult,
  MessageResultSchema,
  type QueuedResult,
  QueuedResultSchema,
  type WireUsage,
  WireUsageSchema,
} from './call-result.js';
export * from './call-state.js';
export { canonicalJson } from './canonical-json.js';
export { ERROR_CODES, type ErrorCode } from './error-code.js';
export { ERROR_REASONS, type ErrorReason } from './error-reason.js';
export { type FinishReason, FinishReasonSchema } from './finish-reason.js';
export {
  type WireInterrupt,
  type WireInterruptMetadata,
  WireInterruptMetadataSchema,
  WireInterruptSchema,
} from './interrupt.js';
export {
  applyJsonPatch,
  diffJson,
  type JsonPatchOperation,
  type JsonValue,
  replaceWhole,
} from './json-patch.js';
export { PAYLOAD_LIMITS } from './payload-limits.js';
export {
  MAX_PRESENTED_VALUE,
  type PresentedField,
  PresentedFieldSchema,
  type PresentedInput,
  PresentedInputSchema,
  presentedText,
  presentInputAsIs,
  WORD_SOURCES,
  type WordSource,
} from './presented-input.js';
export {
  isSupportedProtocolVersion,
  OLDEST_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  ProtocolVersionSchema,
} from './protocol-version.js';
export * from './session-doc.js';
export {
  isStopRequest,
  isWithdrawRequest,
  type StopRequest,
  StopRequestSchema,
  type StopResult,
  StopResultSchema,
  type WithdrawRequest,
  WithdrawRequestSchema,
  type WithdrawResult,
  WithdrawResultSchema,
} from './stop-request.js';
export { JsonPatchOperationSchema, type WireChunk, WireChunkSchema } from './wire-chunk.js';
export { type WireError, WireErrorSchema } from './wire-error.js';
