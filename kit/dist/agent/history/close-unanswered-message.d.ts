import type { Message } from '../../model/index.js';
import type { ClosingReason } from './close-trailing-requests.js';
/**
 * The purpose the note's part carries: text the kit adds for the model (as it marks retrieved
 * documents and output instructions), which an app does not show as the model's words.
 */
export declare const NO_ANSWER_PURPOSE = "no-answer";
/**
 * Ends a history whose last message is a user message the model never answered (its turn failed,
 * its instance died, or it was stopped, before the model's first answer) with a model message
 * that says so, so the next user message does not follow it with nothing between: the history
 * alternates, and the model is never left to guess whether the earlier message was answered or
 * acted on. Any other history is returned as it is.
 */
export declare function closeUnansweredMessage(history: readonly Message[], reason: ClosingReason): Message[];
