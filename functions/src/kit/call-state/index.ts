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
  type CallKind,
  type CallState,
  CallStateSchema,
  callStateOf,
  isRecorded,
  isWaiting,
  type RecordedCall,
} from './call-state.js';
