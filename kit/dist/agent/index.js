export { RUNNING_TURN_POLL_MS } from './admission/index.js';
export { REQUEST_WINDOW, requestDigest, toPendingInterrupt } from './call-records/index.js';
export { MemoryContinuationQueue, } from './continuation-queue/index.js';
export { defineAgent } from './define-agent.js';
export { closeTrailingRequests } from './history/index.js';
//# sourceMappingURL=index.js.map