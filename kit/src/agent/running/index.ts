export { LIVE_MAX_CHARS, LIVE_WRITE_EVERY_MS, LiveWriter, type RoundWords } from './live-writer.js';
export { type FinishedTurn, runTurn } from './run-turn.js';
export { type CallOutcome, traceCall } from './trace-call.js';
export { TurnJournal } from './turn-journal.js';
export { TurnWriter } from './turn-writer.js';
export { type Asker, waitingBound } from './waiting-bound.js';
