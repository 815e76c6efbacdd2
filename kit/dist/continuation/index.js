export { cloudTasksQueue } from './cloud-tasks-queue.js';
export { onTurnContinuation } from './on-turn-continuation.js';
//# sourceMappingURL=index.js.map