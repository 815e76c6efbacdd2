export { queueFull, queueMessage, queueOf } from './queue-message.js';
export { queueRunsEnded, runQueued, runQueuedAfter, } from './run-queued.js';
export { sendWhileBusy } from './send-while-busy.js';
//# sourceMappingURL=index.js.map