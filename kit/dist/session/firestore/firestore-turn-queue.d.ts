import type { DocumentDb, DocumentRef } from '../../firestore/index.js';
import { type QueuedMessage, type QueuePush, type QueuePushOptions, type TurnQueue } from '../turn-queue.js';
/**
 * How many characters of queued messages one queue document holds: a request is at most 256 KiB,
 * so three of the largest fit with room under Firestore's 1 MiB document limit; a fourth is `full`.
 */
export declare const QUEUE_MESSAGE_CHARS = 800000;
/**
 * Queues in Firestore: one document beside each session (`<session>/control/queue`, the
 * protocol's `QueueDocSchema`), changed only in transactions, so the order and the bound hold
 * under any number of writers. A push or a shift is one transaction (one read, one write); a
 * list is one read. The owner may read it (the rules), so `watch` shows what waits.
 */
export declare class FirestoreTurnQueue implements TurnQueue {
    private readonly db;
    private readonly queueRef;
    constructor(db: DocumentDb, queueRef: (sessionId: string) => DocumentRef);
    push(sessionId: string, item: QueuedMessage, options: QueuePushOptions): Promise<QueuePush>;
    list(sessionId: string): Promise<QueuedMessage[]>;
    shift(sessionId: string, requestId: string): Promise<void>;
}
