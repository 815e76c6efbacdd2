import { describe, expect, it } from 'vitest';
import { MemoryContinuationQueue } from './memory-continuation-queue.js';

const TASK = { agent: 'shop', sessionId: 's1', leaseId: 'lease-1', handOffs: 0 };

describe('MemoryContinuationQueue', () => {
  it('keeps the first task of an id and drops a second one, as Cloud Tasks refuses it', async () => {
    const queue = new MemoryContinuationQueue();
    await queue.enqueue(TASK, { delaySeconds: 13, id: 'a' });
    await queue.enqueue({ ...TASK, handOffs: 1 }, { delaySeconds: 13, id: 'a' });
    expect(queue.enqueues).toBe(2);
    expect(queue.take().map((q) => q.task.handOffs)).toEqual([0]);
    expect(queue.take()).toEqual([]);
  });
});
