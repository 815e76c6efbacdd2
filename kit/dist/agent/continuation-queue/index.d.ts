export { type ContinuationOptions, type ContinuationQueue, type ContinuationTask, DEFAULT_CONTINUATION_AFTER_MS, DEFAULT_CONTINUATION_MAX_DURATION_MS, DEFAULT_CONTINUATION_MAX_HAND_OFFS, type EnqueueOptions, type ResolvedContinuation, resolveContinuation, } from './continuation-queue.js';
export { MemoryContinuationQueue, type QueuedContinuation } from './memory-continuation-queue.js';
export { continuationTaskId, type ScheduledContinuation, scheduleContinuation, scheduleQueueRun, } from './schedule-continuation.js';
