export { type CloudTasksQueueOptions, cloudTasksQueue } from './cloud-tasks-queue.js';
export { onTurnContinuation, type TurnContinuationOptions } from './on-turn-continuation.js';
