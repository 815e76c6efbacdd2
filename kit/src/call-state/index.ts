// The one reader of a call's stamps is the protocol's, shared with the clients.
export {
  type Asked,
  answeredByOf,
  answerOf,
  approverAddressOf,
  askedOf,
  type CallError,
  type CallState,
  CallStateSchema,
  callStateOf,
  declineReasonOf,
  inputDigestOf,
  isRecorded,
  isWaiting,
  presentedOf,
  type RecordedCall,
  toolErrorOf,
  toolVersionOf,
} from '@callable-flows/protocol/call-state';
export {
  asWaiting,
  clearStamps,
  recordedResponse,
  stampAnswer,
  stampAnsweredBy,
  stampApproved,
  stampInterrupt,
  stampPendingOutput,
  stampResolved,
} from './call-stamps.js';
export { askedInputDigest, inputDigest } from './input-digest.js';
export { openRoundOf } from './open-round.js';
export {
  nestedAddressOf,
  nestedInterruptsOf,
  pathRef,
  type SubAgentInterrupt,
  splitPathRef,
  subAgentOf,
  waitingAddresses,
} from './sub-agent-call.js';
