export { notOwner } from './admit-call.js';
export { admitSubResume } from './admit-sub-resume.js';
export { answererOf, approvalResult } from './answerer.js';
export { type BeginRequest, beginTurn, type TurnStart } from './begin-turn.js';
export { RUNNING_TURN_POLL_MS } from './plan-turn.js';
export { userMessage } from './user-message.js';
export { warmSession } from './warm-session.js';
