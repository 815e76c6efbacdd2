export { type Admission, admitCall } from './admit-call.js';
export { admitRequestId, type RequestIdAdmission, requestsAfterAdmission } from './admit-request-id.js';
export { type BeginRequest, beginTurn, type TurnStart } from './begin-turn.js';
export { continuationPlan, continuationStanding, nothingToContinue } from './continuation-plan.js';
export { planTurn, RUNNING_TURN_POLL_MS, sessionBusy } from './plan-turn.js';
export { userMessage } from './user-message.js';
export { warmSession } from './warm-session.js';
