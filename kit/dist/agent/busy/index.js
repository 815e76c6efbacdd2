export { queueRunsEnded, runQueuedAfter } from './run-queued.js';
export { sendWhileBusy } from './send-while-busy.js';
//# sourceMappingURL=index.js.map