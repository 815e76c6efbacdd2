export { DEFAULT_CONTINUATION_AFTER_MS, DEFAULT_CONTINUATION_MAX_DURATION_MS, DEFAULT_CONTINUATION_MAX_HAND_OFFS, resolveContinuation, } from './continuation-queue.js';
export { MemoryContinuationQueue } from './memory-continuation-queue.js';
export { continuationTaskId, scheduleContinuation, scheduleQueueRun, } from './schedule-continuation.js';
//# sourceMappingURL=index.js.map