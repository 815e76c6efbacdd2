export { type FinishedTurn, runTurn } from './run-turn.js';
export { sizeLimitsMiddleware } from './size-limits-middleware.js';
export { type CallOutcome, resumeReplies, traceCall, traceInput } from './trace-call.js';
export { TurnJournal } from './turn-journal.js';
export { type CommitOptions, TurnWriter } from './turn-writer.js';
