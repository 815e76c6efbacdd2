import { type QueueDoc, type SessionDoc, turnOf } from '@callable-flows/protocol/session-doc';
import { parseMessages, type WatchedMessage } from './watched-message.js';

/** A message waiting in the session's queue (sent while a turn ran, to an agent that queues). */
export interface WatchedQueued {
  /** The request id its turn will run under: a retry with it gets that turn's result. */
  requestId: string;
  message: WatchedMessage;
  /** When it was queued (epoch ms). */
  at: number;
  /** Its place: 1 is the next to run. */
  position: number;
  /** What it waits for: the running `answer`, or the answer to an `approval` the session waits for. */
  waitsFor: 'answer' | 'approval';
}

/**
 * The messages of queue document `queue` still waiting: its head leaves the queue only once its
 * turn was journaled, so an item whose request id is the session's running (or last) turn's is
 * shown in `messages` and `running`, not here.
 */
export function queuedOf(doc: SessionDoc, queue: QueueDoc | undefined): WatchedQueued[] {
  const turnRequestId = turnOf(doc.turn)?.requestId;
  const queued: WatchedQueued[] = [];
  // A session that waits for an approval runs nothing until it is answered: its queue waits for that.
  const waitsFor = doc.status === 'interrupted' ? 'approval' : 'answer';
  for (const item of queue?.items ?? []) {
    if (item.requestId === turnRequestId) continue;
    const message = parseMessages([item.message])?.[0];
    if (!message) continue;
    queued.push({ requestId: item.requestId, message, at: item.at, position: queued.length + 1, waitsFor });
  }
  return queued;
}
