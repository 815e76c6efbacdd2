export {
  admitRequest,
  endRequest,
  findRequest,
  REQUEST_WINDOW,
  requestClosed,
  requestDigest,
  requestIdReused,
} from './request-record.js';
export { journaledAnswer, keepResult, replayResult, waitingResult } from './stored-results.js';
export { pendingInterruptsOf, toPendingInterrupt, toTurnResult } from './to-turn-result.js';
