import type { HistoryMessage, SessionStatus } from './history.js';
import { isHiddenTool } from './tool-presentation.js';

/** What the page says of a stopped turn. */
export const STOPPED_WORDS = 'Stopped. What was already done is kept.';

/**
 * True when the session's last turn ended without the assistant's answer and nothing failed:
 * it was stopped. The journal keeps no mark of a stop (the stop is a document beside the session
 * that clients can't read); a stop leaves the session `idle` with what finished, where a failure
 * leaves it `failed` and an approval `interrupted`. A finished turn ends with the model's words
 * and no call of a shown tool after them (the order assistant's `finish` is hidden).
 */
export function stoppedTurn(history: readonly HistoryMessage[], status: SessionStatus): boolean {
  if (status !== 'idle') return false;
  const asked = history.findLastIndex((message) => message.role === 'user');
  if (asked < 0) return false;
  const answer = history.slice(asked + 1).findLast((message) => message.role === 'model');
  if (!answer) return true;
  const said = answer.content.some((part) => (part.text ?? '').trim() !== '' && part.metadata?.purpose === undefined);
  const calledOn = answer.content.some((part) => part.toolRequest && !isHiddenTool(part.toolRequest.name));
  return !said || calledOn;
}
