export { cloudTasksQueue } from './cloud-tasks-queue.js';
export { CONTINUATION_RETRY, onTurnContinuation } from './on-turn-continuation.js';
export { runContinuationTask, triesAgain } from './run-continuation-task.js';
//# sourceMappingURL=index.js.map