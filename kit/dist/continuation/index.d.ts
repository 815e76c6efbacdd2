export { type CloudTasksQueueOptions, cloudTasksQueue, type TaskQueueClient } from './cloud-tasks-queue.js';
export { CONTINUATION_RETRY, onTurnContinuation, type TurnContinuationOptions } from './on-turn-continuation.js';
export { type AgentSource, runContinuationTask, type TaskOutcome, triesAgain } from './run-continuation-task.js';
