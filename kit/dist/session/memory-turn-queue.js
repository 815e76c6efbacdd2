import { pushOnto } from './turn-queue.js';
/** Queues in this process's memory (the in-memory store's). */
export class MemoryTurnQueue {
    queues = new Map();
    async push(sessionId, item, options) {
        await Promise.resolve();
        const pushed = pushOnto(this.queues.get(sessionId) ?? [], structuredClone(item), options.maxItems);
        if (pushed.items)
            this.queues.set(sessionId, pushed.items);
        return pushed.outcome;
    }
    async list(sessionId) {
        await Promise.resolve();
        return structuredClone(this.queues.get(sessionId) ?? []);
    }
    async shift(sessionId, requestId) {
        await Promise.resolve();
        const items = this.queues.get(sessionId);
        if (items?.[0]?.requestId !== requestId)
            return;
        if (items.length > 1)
            this.queues.set(sessionId, items.slice(1));
        else
            this.queues.delete(sessionId);
    }
    /** Drops the queue of a deleted session. */
    drop(sessionId) {
        this.queues.delete(sessionId);
    }
}
//# sourceMappingURL=memory-turn-queue.js.map