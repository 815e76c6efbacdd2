import { type QueuedMessage, type QueuePush, type QueuePushOptions, type TurnQueue } from './turn-queue.js';
/** Queues in this process's memory (the in-memory store's). */
export declare class MemoryTurnQueue implements TurnQueue {
    private readonly queues;
    push(sessionId: string, item: QueuedMessage, options: QueuePushOptions): Promise<QueuePush>;
    list(sessionId: string): Promise<QueuedMessage[]>;
    shift(sessionId: string, requestId: string): Promise<void>;
    /** Drops the queue of a deleted session. */
    drop(sessionId: string): void;
}
