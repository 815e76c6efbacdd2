export { DEFAULT_KEEP_RESULTS, DEFAULT_LEASE_MS, DEFAULT_MAX_QUEUED, DEFAULT_SESSION_TTL_MS, DEFAULT_SUMMARY_INSTRUCTIONS, } from './agent-config.js';
export { resolveAgent } from './agent-runtime.js';
export { GivenUpLeases } from './given-up-leases.js';
export { assertSessionId, withSessionId } from './session-id.js';
//# sourceMappingURL=index.js.map