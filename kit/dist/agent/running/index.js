export { runTurn } from './run-turn.js';
export { sizeLimitsMiddleware } from './size-limits-middleware.js';
export { resumeReplies, traceCall, traceInput } from './trace-call.js';
export { TurnJournal } from './turn-journal.js';
export { TurnWriter } from './turn-writer.js';
//# sourceMappingURL=index.js.map