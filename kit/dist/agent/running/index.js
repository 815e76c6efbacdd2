export { runTurn } from './run-turn.js';
export { traceCall } from './trace-call.js';
export { TurnJournal } from './turn-journal.js';
export { TurnWriter } from './turn-writer.js';
//# sourceMappingURL=index.js.map