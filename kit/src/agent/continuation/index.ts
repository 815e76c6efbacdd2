export { type ContinuationOutcome, continueTurn } from './continue-turn.js';
