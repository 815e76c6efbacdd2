export type {
  Agent,
  AgentCallContext,
  AgentInput,
  AgentSendResult,
  AgentTurnResult,
  PendingInterrupt,
  QueuedTurn,
} from './agent.js';
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
} from './agent-config.js';
export { type ClosingReason, closeTrailingRequests } from './close-trailing-requests.js';
export { defineAgent } from './define-agent.js';
export { RUNNING_TURN_POLL_MS } from './plan-turn.js';
export { REQUEST_WINDOW } from './request-record.js';
export { type QueueDeps, type QueueRun, type RunTurn, runQueued } from './run-queued.js';
export { STOP_WAIT_MS, type StopContext } from './stop-turn.js';
export { renderTranscript, type SummariseOptions, summariseHistory } from './summarise-history.js';
export { summaryCut } from './summary-cut.js';
export { toPendingInterrupt, toTurnResult } from './to-turn-result.js';
