import {
  claimOn,
  pushOnto,
  type QueuedMessage,
  type QueuePush,
  type QueuePushOptions,
  type QueueWithdraw,
  type TurnQueue,
  withdrawFrom,
} from './turn-queue.js';

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

  async claim(sessionId: string, requestId: string): Promise<boolean> {
    await Promise.resolve();
    const claimed = claimOn(this.queues.get(sessionId) ?? [], requestId);
    if (claimed.items) this.queues.set(sessionId, claimed.items);
    return claimed.claimed;
  }

  async withdraw(sessionId: string, requestId: string, uid: string): Promise<QueueWithdraw> {
    await Promise.resolve();
    const withdrawn = withdrawFrom(this.queues.get(sessionId) ?? [], requestId, uid);
    if (withdrawn.items?.length) this.queues.set(sessionId, withdrawn.items);
    else if (withdrawn.items) this.queues.delete(sessionId);
    return withdrawn.outcome;
  }

  /** Drops the queue of a deleted session. */
  drop(sessionId: string): void {
    this.queues.delete(sessionId);
  }
}
