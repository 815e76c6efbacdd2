export { type AgentConfig, type CompressionOptions, DEFAULT_KEEP_RESULTS, DEFAULT_LEASE_MS, DEFAULT_MAX_QUEUED, DEFAULT_SESSION_TTL_MS, DEFAULT_SUMMARY_INSTRUCTIONS, type HistoryOptions, type WhileBusy, } from './agent-config.js';
export { type AgentRuntime, type ResolvedCompression, resolveAgent } from './agent-runtime.js';
export { GivenUpLeases } from './given-up-leases.js';
export { assertSessionId, withSessionId } from './session-id.js';
export type { TurnTiming } from './turn-timing.js';
