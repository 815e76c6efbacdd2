import type { WatchedQueued } from '@callable-flows/client';

/** A message of the person's waiting for the turn that runs: `sending` until the server has queued it. */
export interface QueuedItem {
  requestId: string;
  text: string;
  state: 'sending' | 'queued';
}

/** What the person reads under a queued message. */
export const QUEUED_WORDS = 'Queued — sends after the current answer';

/** The words of a queued message (the text the person wrote; the kit's added parts left out). */
export function queuedText(queued: WatchedQueued): string {
  return queued.message.content
    .filter((part) => part.metadata?.purpose === undefined)
    .map((part) => part.text ?? '')
    .join('');
}

/**
 * The queued messages to show, in order: those the session's queue holds (every tab sees them
 * through the watch), then this tab's that are still on their way to the server (`sending`,
 * by request id). One whose turn has started is in neither: it is in the conversation now.
 */
export function queuedToShow(
  watched: readonly { requestId: string; text: string }[],
  sending: ReadonlyMap<string, string>,
): QueuedItem[] {
  const items: QueuedItem[] = watched.map(({ requestId, text }) => ({ requestId, text, state: 'queued' }));
  const known = new Set(watched.map((item) => item.requestId));
  for (const [requestId, text] of sending) {
    if (!known.has(requestId)) items.push({ requestId, text, state: 'sending' });
  }
  return items;
}
