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
}
/** What a push does: `queued` at `position` (1: the next), `full`, or `reused` (the id names another message). */
export type QueuePush = {
    queued: true;
    position: number;
    added: boolean;
} | {
    full: true;
} | {
    reused: true;
};
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
}
/** The place of request `requestId` in `items` (1-based), or 0. */
export declare function positionOf(items: readonly QueuedMessage[], requestId: string): number;
/** The push of `item` onto `items`: the new items (undefined when nothing changes) and the outcome. */
export declare function pushOnto(items: readonly QueuedMessage[], item: QueuedMessage, maxItems: number): {
    items: QueuedMessage[] | undefined;
    outcome: QueuePush;
};
