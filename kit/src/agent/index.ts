export { continuationStanding, RUNNING_TURN_POLL_MS } from './admission/index.js';
export type { Agent } from './agent.js';
export {
  type AgentSendResult,
  type QueueDeps,
  type QueueRun,
  type RunTurn,
  runQueued,
} from './busy/index.js';
export { REQUEST_WINDOW, requestDigest, toPendingInterrupt, toTurnResult } from './call-records/index.js';
export type { ContinuationOutcome } from './continuation/index.js';
export {
  type ContinuationOptions,
  type ContinuationQueue,
  type ContinuationTask,
  continuationTaskId,
  type EnqueueOptions,
  MemoryContinuationQueue,
  type QueuedContinuation,
} from './continuation-queue/index.js';
export { defineAgent } from './define-agent.js';
export { STOP_WAIT_MS, type StopContext } from './ending/index.js';
export {
  type ClosingReason,
  closeTrailingRequests,
  renderTranscript,
  type SummariseOptions,
  summariseHistory,
  summaryCut,
} from './history/index.js';
export {
  type AgentConfig,
  type CompressionOptions,
  DEFAULT_KEEP_RESULTS,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_QUEUED,
  DEFAULT_SESSION_TTL_MS,
  DEFAULT_SUMMARY_INSTRUCTIONS,
  type HistoryOptions,
  type WhileBusy,
} from './runtime/index.js';
export type {
  AgentCallContext,
  AgentInput,
  AgentTurnResult,
  AgentWarmOptions,
  AgentWarmup,
  PendingInterrupt,
} from './turn/index.js';
