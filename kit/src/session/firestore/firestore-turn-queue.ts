import { type QueueDoc, QueueDocSchema } from '@callable-flows/protocol';
import type { DocumentDb, DocumentRef, DocumentSnap, DocumentTransaction } from '../../firestore/index.js';
import type { Message } from '../../model/index.js';
import {
  claimOn,
  pushOnto,
  type QueuedMessage,
  type QueuePush,
  type QueuePushOptions,
  type QueueWithdraw,
  type TurnQueue,
  withdrawFrom,
} from '../turn-queue.js';
import { fromFirestoreError } from './firestore-error.js';

/**
 * How many characters of queued messages one queue document holds: a request is at most 256 KiB,
 * so three of the largest fit with room under Firestore's 1 MiB document limit; a fourth is `full`.
 */
export const QUEUE_MESSAGE_CHARS = 800_000;

function itemsOf(snap: DocumentSnap): QueuedMessage[] {
  if (!snap.exists) return [];
  const parsed = QueueDocSchema.safeParse(snap.data());
  if (!parsed.success) return [];
  return parsed.data.items.map(({ claimed, ...item }) => ({
    ...item,
    ...(claimed ? { claimed } : {}),
    message: JSON.parse(item.message) as Message,
  }));
}

function queueDoc(items: readonly QueuedMessage[], options: { ownerUid: string; expireAt: number }): QueueDoc {
  return {
    ownerUid: options.ownerUid,
    items: items.map((item) => ({ ...item, message: JSON.stringify(item.message) })),
    updatedAt: Date.now(),
    expireAt: options.expireAt,
  };
}

/** The document's fields: the times as Firestore timestamps (the TTL policy reads `expireAt` as one). */
function fields(doc: QueueDoc): Record<string, unknown> {
  return { ...doc, updatedAt: new Date(doc.updatedAt as number), expireAt: new Date(doc.expireAt as number) };
}

/** Writes `items` as the queue of the document `snap` read (deleting it when none are left), in `tx`. */
function replaceItems(
  tx: DocumentTransaction,
  ref: DocumentRef,
  snap: DocumentSnap,
  items: readonly QueuedMessage[],
): void {
  if (!items.length) return void tx.delete(ref);
  const expireAt = (snap.get('expireAt') as { toMillis(): number }).toMillis();
  tx.set(ref, fields(queueDoc(items, { ownerUid: snap.get('ownerUid') as string, expireAt })));
}

const chars = (items: readonly QueuedMessage[]) => items.reduce((n, i) => n + JSON.stringify(i.message).length, 0);

/**
 * Queues in Firestore: one document beside each session (`<session>/control/queue`, the
 * protocol's `QueueDocSchema`), changed only in transactions, so the order and the bound hold
 * under any number of writers. A push or a shift is one transaction (one read, one write); a
 * list is one read. The owner may read it (the rules), so `watch` shows what waits.
 */
export class FirestoreTurnQueue implements TurnQueue {
  private readonly db: DocumentDb;
  private readonly queueRef: (sessionId: string) => DocumentRef;

  constructor(db: DocumentDb, queueRef: (sessionId: string) => DocumentRef) {
    this.db = db;
    this.queueRef = queueRef;
  }

  async push(sessionId: string, item: QueuedMessage, options: QueuePushOptions): Promise<QueuePush> {
    const ref = this.queueRef(sessionId);
    try {
      return await this.db.runTransaction(async (tx) => {
        const items = itemsOf(await tx.get(ref));
        const pushed = pushOnto(items, item, options.maxItems);
        if (!pushed.items) return pushed.outcome;
        if (chars(pushed.items) > QUEUE_MESSAGE_CHARS) return { full: true };
        tx.set(ref, fields(queueDoc(pushed.items, options)));
        return pushed.outcome;
      });
    } catch (error) {
      throw fromFirestoreError(error, `queueing a message on session '${sessionId}'`);
    }
  }

  async list(sessionId: string): Promise<QueuedMessage[]> {
    try {
      return itemsOf(await this.queueRef(sessionId).get());
    } catch (error) {
      throw fromFirestoreError(error, `reading the queue of session '${sessionId}'`);
    }
  }

  async shift(sessionId: string, requestId: string): Promise<void> {
    const ref = this.queueRef(sessionId);
    try {
      await this.db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const items = itemsOf(snap);
        if (items[0]?.requestId !== requestId) return;
        replaceItems(tx, ref, snap, items.slice(1));
      });
    } catch (error) {
      throw fromFirestoreError(error, `taking a message off the queue of session '${sessionId}'`);
    }
  }

  async claim(sessionId: string, requestId: string): Promise<boolean> {
    const ref = this.queueRef(sessionId);
    try {
      return await this.db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const claimed = claimOn(itemsOf(snap), requestId);
        if (claimed.items) replaceItems(tx, ref, snap, claimed.items);
        return claimed.claimed;
      });
    } catch (error) {
      throw fromFirestoreError(error, `taking a message of the queue of session '${sessionId}' to run`);
    }
  }

  async withdraw(sessionId: string, requestId: string, uid: string): Promise<QueueWithdraw> {
    const ref = this.queueRef(sessionId);
    try {
      return await this.db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const withdrawn = withdrawFrom(itemsOf(snap), requestId, uid);
        if (withdrawn.items) replaceItems(tx, ref, snap, withdrawn.items);
        return withdrawn.outcome;
      });
    } catch (error) {
      throw fromFirestoreError(error, `withdrawing a message from the queue of session '${sessionId}'`);
    }
  }
}
