import { pushOnto, type QueuedMessage, type QueuePush, type QueuePushOptions, type TurnQueue } from './turn-queue.js';

/** Queues in this process's memory (the in-memory store's). */
export class MemoryTurnQueue implements TurnQueue {
  private readonly queues = new Map<string, QueuedMessage[]>();

  async push(sessionId: string, item: QueuedMessage, options: QueuePushOptions): Promise<QueuePush> {
    await Promise.resolve();
    const pushed = pushOnto(this.queues.get(sessionId) ?? [], structuredClone(item), options.maxItems);
    if (pushed.items) this.queues.set(sessionId, pushed.items);
    return pushed.outcome;
  }

  async list(sessionId: string): Promise<QueuedMessage[]> {
    await Promise.resolve();
    return structuredClone(this.queues.get(sessionId) ?? []);
  }

  async shift(sessionId: string, requestId: string): Promise<void> {
    await Promise.resolve();
    const items = this.queues.get(sessionId);
    if (items?.[0]?.requestId !== requestId) return;
    if (items.length > 1) this.queues.set(sessionId, items.slice(1));
    else this.queues.delete(sessionId);
  }

  /** Drops the queue of a deleted session. */
  drop(sessionId: string): void {
    this.queues.delete(sessionId);
  }
}
