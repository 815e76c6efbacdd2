/**
 * A continuation queue in this process's memory, for tests: it keeps what was enqueued (a
 * second task of the same id is dropped, as Cloud Tasks refuses it) and dispatches nothing by
 * itself: a test takes the tasks and runs them when it means the time to have come.
 */
export class MemoryContinuationQueue {
    queued = [];
    ids = new Set();
    /** Every enqueue asked, a repeated id too. */
    enqueues = 0;
    async enqueue(task, options) {
        await Promise.resolve();
        this.enqueues++;
        if (this.ids.has(options.id))
            return;
        this.ids.add(options.id);
        this.queued.push({ task: { ...task }, options: { ...options } });
    }
    /** The tasks enqueued and not yet taken, oldest first; they leave the queue. */
    take() {
        return this.queued.splice(0);
    }
}
//# sourceMappingURL=memory-continuation-queue.js.map