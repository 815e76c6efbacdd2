import type { Message } from '../../model/index.js';
import type { ClosingReason } from './close-trailing-requests.js';

/**
 * The purpose the note's part carries: text the kit adds for the model (as it marks retrieved
 * documents and output instructions), which an app does not show as the model's words.
 */
export const NO_ANSWER_PURPOSE = 'no-answer';

const FAILED = 'This message got no answer: its turn failed before the model answered it, and it was not retried.';
// A session is left idle after a user message only by a stop: a turn that finishes ends with the model's message.
const STOPPED = 'This message got no answer: its turn was stopped before the model answered it.';

/** What the model is told of a user message it never answered, by why its turn is closed. */
const NO_ANSWER: Record<ClosingReason, string> = {
  'cut-short': FAILED,
  stopped: STOPPED,
  'user-stop': STOPPED,
  // Expired or changed calls close an open round, never a user message; were one left, its turn failed.
  expired: FAILED,
  'tool-changed': FAILED,
};

/**
 * Ends a history whose last message is a user message the model never answered (its turn failed,
 * its instance died, or it was stopped, before the model's first answer) with a model message
 * that says so, so the next user message does not follow it with nothing between: the history
 * alternates, and the model is never left to guess whether the earlier message was answered or
 * acted on. Any other history is returned as it is.
 */
export function closeUnansweredMessage(history: readonly Message[], reason: ClosingReason): Message[] {
  if (history.at(-1)?.role !== 'user') return [...history];
  const note: Message = {
    role: 'model',
    content: [{ text: NO_ANSWER[reason], metadata: { purpose: NO_ANSWER_PURPOSE } }],
  };
  return [...history, note];
}
