export { RUNNING_TURN_POLL_MS } from './admission/index.js';
export type { Agent } from './agent.js';
export { type AgentToolOptions, agentTool } from './agent-tool.js';
export type { AgentSendResult, WithdrawContext } from './busy/index.js';
export { pendingInterruptsOf, REQUEST_WINDOW, requestDigest, toPendingInterrupt } from './call-records/index.js';
export type { ContinuationOutcome } from './continuation/index.js';
export {
  type ContinuationOptions,
  type ContinuationQueue,
  type ContinuationTask,
  type EnqueueOptions,
  MemoryContinuationQueue,
} from './continuation-queue/index.js';
export { defineAgent } from './define-agent.js';
export {
  type HandoffOptions,
  HandoffOutputSchema,
  type HandoffRecord,
  type HandoffTarget,
  handoffOf,
  handoffTo,
  MAX_HANDOFFS_PER_TURN,
} from './handoff/index.js';
export { closeTrailingRequests } from './history/index.js';
export { LIVE_MAX_CHARS, LIVE_WRITE_EVERY_MS } from './running/index.js';
export {
  type AgentConfig,
  type CompressionOptions,
  DEFAULT_WAITING_APPROVALS,
  type HistoryOptions,
  type LiveClock,
  type WaitingApprovalsBound,
  type WhileBusy,
} from './runtime/index.js';
export type {
  AgentCallContext,
  AgentInput,
  AgentTurnResult,
  AgentWarmOptions,
  AgentWarmup,
  PendingInterrupt,
  TurnEnd,
  TurnEndHook,
} from './turn/index.js';
