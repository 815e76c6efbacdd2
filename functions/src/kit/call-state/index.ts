export {
  asWaiting,
  clearStamps,
  recordedResponse,
  stampAnswer,
  stampApproved,
  stampInterrupt,
  stampPendingOutput,
  stampResolved,
} from './call-stamps.js';
export {
  type Asked,
  answerOf,
  askedOf,
  type CallState,
  CallStateSchema,
  callStateOf,
  isRecorded,
  isWaiting,
  type RecordedCall,
} from './call-state.js';
export { openRoundOf } from './open-round.js';
