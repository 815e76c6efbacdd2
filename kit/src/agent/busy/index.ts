export { type QueueDeps, type QueueRun, queueRunsEnded, type RunTurn, runQueuedAfter } from './run-queued.js';
export type { AgentSendResult } from './send-result.js';
export { sendWhileBusy } from './send-while-busy.js';
export { type WithdrawContext, withdrawQueued } from './withdraw-queued.js';
