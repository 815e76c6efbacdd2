export { queueFull, queueMessage, queueOf } from './queue-message.js';
export { type QueueDeps, type QueuedTurnEnd, type QueueRun, queueRunsEnded, type RunTurn, runQueued, runQueuedAfter, type WaitingCall, } from './run-queued.js';
export type { AgentSendResult } from './send-result.js';
export { sendWhileBusy } from './send-while-busy.js';
