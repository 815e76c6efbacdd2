export {
  type CallOptions,
  type FlowClient,
  type FlowClientOptions,
  type FlowStream,
  flow,
  flowClient,
  type SendOptions,
  type WireCallable,
} from './flow.js';
export {
  FLOW_ERROR_CODES,
  FLOW_ERROR_REASONS,
  FlowError,
  type FlowErrorCode,
  type FlowErrorReason,
  isFlowError,
  toFlowError,
} from './flow-error.js';
export type {
  FlowChunk,
  FlowInterrupt,
  FlowResult,
  FlowTypes,
  InterruptInput,
  InterruptName,
  InterruptOutput,
  InterruptTypes,
} from './flow-types.js';
export { newRequestId } from './request-id.js';
export { isRetryable, type RetryPolicy, retryDelay } from './retry-policy.js';
export type {
  FinishReason,
  WireChunk,
  WireDecline,
  WireInterrupt,
  WireInterruptMetadata,
  WirePart,
  WireRequest,
  WireRespond,
  WireRestart,
  WireResult,
  WireResume,
} from './wire.js';
