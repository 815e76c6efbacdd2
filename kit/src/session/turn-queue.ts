import type { Message } from '../model/index.js';

/** A message sent while a turn ran, waiting in its session's queue to be answered in order. */
export interface QueuedMessage {
  /** The request id its turn runs under (the caller's, or one the kit gave it). */
  requestId: string;
  /** Who sent it (the session's owner): its turn runs as them. */
  uid: string;
  /** The user message, checked and redacted, as the turn will store it. */
  message: Message;
  /** A digest of the request: the same request id with another message is refused. */
  digest: string;
  /** When it was queued (epoch ms). */
  at: number;
  /** Set once a queue run took it to run: from then on it can't be withdrawn. */
  claimed?: boolean;
}

/**
 * What a withdraw did: `withdrawn` (it left the queue), or why not: a queue run took it to run
 * (`claimed`), no such message waits (`absent`), or another user sent it (`not-sender`).
 */
export type QueueWithdraw = 'withdrawn' | 'claimed' | 'absent' | 'not-sender';

/** What a push does: `queued` at `position` (1: the next), `full`, or `reused` (the id names another message). */
export type QueuePush = { queued: true; position: number; added: boolean } | { full: true } | { reused: true };

/** The bounds and bookkeeping of one push. */
export interface QueuePushOptions {
  /** The most messages the queue holds. */
  maxItems: number;
  /** The session's owner (the queue document says whose it is). */
  ownerUid: string;
  /** When the queue may be deleted if nothing touches it again (epoch ms; the TTL policy's field). */
  expireAt: number;
}

/**
 * Where the messages sent while a turn runs wait, in order: beside the session, never in it (a
 * session write is a compare-and-set, so a message written into the session would cost the running
 * turn its lease). The head stays until its turn was journaled and answered (`shift`), so a message
 * is never lost between the two; its request id, stored by the turn's first write, keeps it from
 * running twice.
 */
export interface TurnQueue {
  /**
   * Appends `item` unless the queue holds its request id already (then its place is told, `added`
   * false), in one atomic step that keeps the order and the bound.
   */
  push(sessionId: string, item: QueuedMessage, options: QueuePushOptions): Promise<QueuePush>;
  /** The waiting messages, oldest first. */
  list(sessionId: string): Promise<QueuedMessage[]>;
  /** Removes the head when its request id is `requestId` (else nothing: another call removed it). */
  shift(sessionId: string, requestId: string): Promise<void>;
  /**
   * Marks the head as taken to run when its request id is `requestId` (true; also when it was
   * marked already), in one atomic step with any withdraw: false when it is not the head any more
   * (it was withdrawn, or another run answered it). A queue run claims a message before its turn.
   */
  claim(sessionId: string, requestId: string): Promise<boolean>;
  /** Removes the message of `requestId` sent by `uid`, unless a queue run claimed it, in one atomic step. */
  withdraw(sessionId: string, requestId: string, uid: string): Promise<QueueWithdraw>;
}

/** The claim of `requestId` on `items`: the new items (undefined when nothing changes) and whether it holds. */
export function claimOn(
  items: readonly QueuedMessage[],
  requestId: string,
): { items: QueuedMessage[] | undefined; claimed: boolean } {
  const head = items[0];
  if (head?.requestId !== requestId) return { items: undefined, claimed: false };
  if (head.claimed) return { items: undefined, claimed: true };
  return { items: [{ ...head, claimed: true }, ...items.slice(1)], claimed: true };
}

/** The withdraw of `requestId` by `uid` from `items`: the new items (undefined when nothing changes) and the outcome. */
export function withdrawFrom(
  items: readonly QueuedMessage[],
  requestId: string,
  uid: string,
): { items: QueuedMessage[] | undefined; outcome: QueueWithdraw } {
  const at = items.findIndex((i) => i.requestId === requestId);
  const item = items[at];
  if (!item) return { items: undefined, outcome: 'absent' };
  if (item.uid !== uid) return { items: undefined, outcome: 'not-sender' };
  if (item.claimed) return { items: undefined, outcome: 'claimed' };
  return { items: items.filter((_, i) => i !== at), outcome: 'withdrawn' };
}

/** The place of request `requestId` in `items` (1-based), or 0. */
export function positionOf(items: readonly QueuedMessage[], requestId: string): number {
  return items.findIndex((i) => i.requestId === requestId) + 1;
}

/** The push of `item` onto `items`: the new items (undefined when nothing changes) and the outcome. */
export function pushOnto(
  items: readonly QueuedMessage[],
  item: QueuedMessage,
  maxItems: number,
): { items: QueuedMessage[] | undefined; outcome: QueuePush } {
  const at = positionOf(items, item.requestId);
  if (at > 0) {
    const same = items[at - 1]?.digest === item.digest;
    return { items: undefined, outcome: same ? { queued: true, position: at, added: false } : { reused: true } };
  }
  if (items.length >= maxItems) return { items: undefined, outcome: { full: true } };
  return { items: [...items, item], outcome: { queued: true, position: items.length + 1, added: true } };
}
