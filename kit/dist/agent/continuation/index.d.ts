export { type ContinuationOutcome, type ContinueRun, continueTurn } from './continue-turn.js';
