export {
  type ContinuationOptions,
  type ContinuationQueue,
  type ContinuationTask,
  DEFAULT_CONTINUATION_MAX_DURATION_MS,
  type EnqueueOptions,
  type ResolvedContinuation,
  resolveContinuation,
} from './continuation-queue.js';
export { MemoryContinuationQueue } from './memory-continuation-queue.js';
export { scheduleContinuation, scheduleQueueRun } from './schedule-continuation.js';
