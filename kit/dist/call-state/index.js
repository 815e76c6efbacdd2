// The one reader of a call's stamps is the protocol's, shared with the clients.
export { answerOf, askedOf, CallStateSchema, callStateOf, declineReasonOf, inputDigestOf, isRecorded, isWaiting, } from '@callable-flows/protocol/call-state';
export { asWaiting, clearStamps, recordedResponse, stampAnswer, stampApproved, stampInterrupt, stampPendingOutput, stampResolved, } from './call-stamps.js';
export { askedInputDigest, inputDigest } from './input-digest.js';
export { openRoundOf } from './open-round.js';
//# sourceMappingURL=index.js.map