// The wire shapes are the protocol package's: one definition for the functions, this client and the app.
export type {
  AnsweredBy,
  Approval,
  ApprovalResult,
  ApproverAddress,
  CallResult,
  ClientMessage,
  ClientPart,
  DeclineReply,
  ErrorCode,
  ErrorReason,
  FinishReason,
  MessageResult,
  QueuedResult,
  RespondReply,
  RestartReply,
  Resume,
  StopResult,
  WireChunk,
  WireInterrupt,
  WireInterruptMetadata,
  WireRequest,
  WithdrawResult,
} from '@callable-flows/protocol';
export {
  applyJsonPatch,
  approvalId,
  ERROR_CODES,
  ERROR_REASONS,
  type JsonPatchOperation,
} from '@callable-flows/protocol';
export type {
  Branch,
  RunningStep,
  SessionStatus,
  Snapshot,
  Stopper,
  TurnOutcome,
} from '@callable-flows/protocol/session-doc';
export {
  type BranchLayout,
  canEdit,
  type MessageVersions,
  type SnapshotRead,
  snapshotBefore,
  snapshotOf,
} from './branch-view.js';
export type { Conversation } from './conversation.js';
export {
  type CallOptions,
  type FlowClient,
  type FlowClientOptions,
  flow,
  flowClient,
  type SendOptions,
  type StopOptions,
  type WithdrawOptions,
} from './flow.js';
export {
  FlowError,
  type FlowErrorCode,
  type FlowErrorReason,
  isFlowError,
  toFlowError,
} from './flow-error.js';
export type { FlowStream } from './flow-stream.js';
export type {
  FlowChunk,
  FlowInterrupt,
  FlowResult,
  FlowTypes,
  InterruptInput,
  InterruptName,
  InterruptOutput,
  InterruptTypes,
  SendResult,
} from './flow-types.js';
export type { ApprovalDecision } from './interrupt-replies.js';
export { type KitInstance, kitInstance } from './kit-instance.js';
export {
  type DevicePathOptions,
  deviceTokenId,
  type RegisterDeviceOptions,
  registerDevice,
  unregisterDevice,
} from './register-device.js';
export { newRequestId } from './request-id.js';
export { isRetryable, type RetryPolicy, retryDelay } from './retry-policy.js';
export { newSessionId } from './session-id.js';
export { type SessionView, showBranch, type WatchedRun } from './session-view.js';
export { isQueued } from './turn-call.js';
export { type WatchObserver, type WatchOptions, watch } from './watch.js';
export {
  type ApprovalsObserver,
  type ApproverTarget,
  type WatchApprovalsOptions,
  watchApprovals,
} from './watch-approvals.js';
export type { WatchedCall } from './watched-call.js';
export type { ApprovalState, WatchedInterrupt } from './watched-interrupt.js';
export type { WatchedLive } from './watched-live.js';
export { parseMessages, type WatchedMessage, type WatchedPart } from './watched-message.js';
export type { WatchedArtifact, WatchedOutputs, WatchedState } from './watched-outputs.js';
export type { WatchedQueued } from './watched-queued.js';
export type { WatchedResult } from './watched-result.js';
export type { WireCallable } from './wire-callable.js';
