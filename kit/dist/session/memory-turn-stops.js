/** Stops in this process's memory (the in-memory store's): a stop reaches listeners at once. */
export class MemoryTurnStops {
    stops = new Map();
    listeners = new Map();
    async ask(sessionId, stop) {
        await Promise.resolve();
        this.stops.set(sessionId, { ...stop });
        for (const listener of this.listeners.get(sessionId) ?? []) {
            if (listener.leaseId === stop.leaseId)
                listener.onStop({ ...stop });
        }
    }
    async last(sessionId) {
        await Promise.resolve();
        const stop = this.stops.get(sessionId);
        return stop && { ...stop };
    }
    /** Drops the stop record of a deleted session (its listeners stay until they close). */
    drop(sessionId) {
        this.stops.delete(sessionId);
    }
    listen(sessionId, leaseId, onStop) {
        const listener = { leaseId, onStop };
        const set = this.listeners.get(sessionId) ?? new Set();
        set.add(listener);
        this.listeners.set(sessionId, set);
        const asked = this.stops.get(sessionId);
        if (asked?.leaseId === leaseId)
            queueMicrotask(() => onStop({ ...asked }));
        return () => {
            set.delete(listener);
            if (!set.size)
                this.listeners.delete(sessionId);
        };
    }
}
//# sourceMappingURL=memory-turn-stops.js.map