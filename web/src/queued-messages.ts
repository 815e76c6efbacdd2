import type { WatchedQueued } from '@callable-flows/client';

/** A message of the person's waiting for the turn that runs: `sending` until the server has queued it. */
export interface QueuedItem {
  requestId: string;
  text: string;
  state: 'sending' | 'queued';
  /** What a queued one waits for: the running answer, or the person's answer to an approval. */
  waitsFor?: 'answer' | 'approval';
}

/** What the person reads under a queued message. */
export const QUEUED_WORDS = 'Queued — sends after the current answer';
/** What the person reads under a message queued while an approval waits for them. */
export const QUEUED_BEHIND_APPROVAL_WORDS = 'Queued — sends once you answer the approval above';

/** The words under a queued message, for what it waits for. */
export function queuedWords(waitsFor: QueuedItem['waitsFor']): string {
  return waitsFor === 'approval' ? QUEUED_BEHIND_APPROVAL_WORDS : QUEUED_WORDS;
}

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
  watched: readonly { requestId: string; text: string; waitsFor?: 'answer' | 'approval' }[],
  sending: ReadonlyMap<string, string>,
): QueuedItem[] {
  const items: QueuedItem[] = watched.map(({ requestId, text, waitsFor }) => ({
    requestId,
    text,
    state: 'queued',
    ...(waitsFor ? { waitsFor } : {}),
  }));
  const known = new Set(watched.map((item) => item.requestId));
  for (const [requestId, text] of sending) {
    if (!known.has(requestId)) items.push({ requestId, text, state: 'sending' });
  }
  return items;
}
