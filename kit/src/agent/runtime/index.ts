export {
  type AgentConfig,
  type CompressionOptions,
  DEFAULT_WAITING_APPROVALS,
  type HistoryOptions,
  type WaitingApprovalsBound,
  type WhileBusy,
} from './agent-config.js';
export { type AgentRuntime, type ResolvedNotices, resolveAgent } from './agent-runtime.js';
export { refreshAgentTools } from './agent-tools.js';
export { assertSessionId, withSessionId } from './session-id.js';
export type { LiveClock, TurnTiming } from './turn-timing.js';
