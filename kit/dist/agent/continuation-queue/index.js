export { DEFAULT_CONTINUATION_MAX_DURATION_MS, resolveContinuation, } from './continuation-queue.js';
export { MemoryContinuationQueue } from './memory-continuation-queue.js';
export { scheduleContinuation, scheduleQueueRun } from './schedule-continuation.js';
//# sourceMappingURL=index.js.map