import { QueueDocSchema } from '@callable-flows/protocol';
import { pushOnto } from '../turn-queue.js';
import { fromFirestoreError } from './firestore-error.js';
/**
 * How many characters of queued messages one queue document holds: a request is at most 256 KiB,
 * so three of the largest fit with room under Firestore's 1 MiB document limit; a fourth is `full`.
 */
export const QUEUE_MESSAGE_CHARS = 800_000;
function itemsOf(snap) {
    if (!snap.exists)
        return [];
    const parsed = QueueDocSchema.safeParse(snap.data());
    if (!parsed.success)
        return [];
    return parsed.data.items.map((item) => ({ ...item, message: JSON.parse(item.message) }));
}
function queueDoc(items, options) {
    return {
        ownerUid: options.ownerUid,
        items: items.map((item) => ({ ...item, message: JSON.stringify(item.message) })),
        updatedAt: Date.now(),
        expireAt: options.expireAt,
    };
}
/** The document's fields: the times as Firestore timestamps (the TTL policy reads `expireAt` as one). */
function fields(doc) {
    return { ...doc, updatedAt: new Date(doc.updatedAt), expireAt: new Date(doc.expireAt) };
}
const chars = (items) => items.reduce((n, i) => n + JSON.stringify(i.message).length, 0);
/**
 * Queues in Firestore: one document beside each session (`<session>/control/queue`, the
 * protocol's `QueueDocSchema`), changed only in transactions, so the order and the bound hold
 * under any number of writers. A push or a shift is one transaction (one read, one write); a
 * list is one read. The owner may read it (the rules), so `watch` shows what waits.
 */
export class FirestoreTurnQueue {
    db;
    queueRef;
    constructor(db, queueRef) {
        this.db = db;
        this.queueRef = queueRef;
    }
    async push(sessionId, item, options) {
        const ref = this.queueRef(sessionId);
        try {
            return await this.db.runTransaction(async (tx) => {
                const items = itemsOf(await tx.get(ref));
                const pushed = pushOnto(items, item, options.maxItems);
                if (!pushed.items)
                    return pushed.outcome;
                if (chars(pushed.items) > QUEUE_MESSAGE_CHARS)
                    return { full: true };
                tx.set(ref, fields(queueDoc(pushed.items, options)));
                return pushed.outcome;
            });
        }
        catch (error) {
            throw fromFirestoreError(error, `queueing a message on session '${sessionId}'`);
        }
    }
    async list(sessionId) {
        try {
            return itemsOf(await this.queueRef(sessionId).get());
        }
        catch (error) {
            throw fromFirestoreError(error, `reading the queue of session '${sessionId}'`);
        }
    }
    async shift(sessionId, requestId) {
        const ref = this.queueRef(sessionId);
        try {
            await this.db.runTransaction(async (tx) => {
                const snap = await tx.get(ref);
                const items = itemsOf(snap);
                if (items[0]?.requestId !== requestId)
                    return;
                const rest = items.slice(1);
                if (!rest.length)
                    return void tx.delete(ref);
                const expireAt = snap.get('expireAt').toMillis();
                tx.set(ref, fields(queueDoc(rest, { ownerUid: snap.get('ownerUid'), expireAt })));
            });
        }
        catch (error) {
            throw fromFirestoreError(error, `taking a message off the queue of session '${sessionId}'`);
        }
    }
}
//# sourceMappingURL=firestore-turn-queue.js.map