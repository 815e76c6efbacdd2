export { continuationStanding, RUNNING_TURN_POLL_MS } from './admission/index.js';
export { runQueued, } from './busy/index.js';
export { REQUEST_WINDOW, requestDigest, toPendingInterrupt, toTurnResult } from './call-records/index.js';
export { continuationTaskId, MemoryContinuationQueue, } from './continuation-queue/index.js';
export { defineAgent } from './define-agent.js';
export { STOP_WAIT_MS } from './ending/index.js';
export { closeTrailingRequests, renderTranscript, summariseHistory, summaryCut, } from './history/index.js';
export { DEFAULT_KEEP_RESULTS, DEFAULT_LEASE_MS, DEFAULT_MAX_QUEUED, DEFAULT_SESSION_TTL_MS, DEFAULT_SUMMARY_INSTRUCTIONS, } from './runtime/index.js';
//# sourceMappingURL=index.js.map