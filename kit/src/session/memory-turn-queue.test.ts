import { describe, expect, it } from 'vitest';
import { MemoryTurnQueue } from './memory-turn-queue.js';
import type { QueuedMessage } from './turn-queue.js';

const item = (requestId: string): QueuedMessage => ({
  requestId,
  uid: 'alice',
  message: { role: 'user', content: [{ text: requestId }] },
  digest: 'd',
  at: 1,
});
const bounds = { maxItems: 2, ownerUid: 'alice', expireAt: 9 };

describe('MemoryTurnQueue', () => {
  it('keeps pushes in order per session and refuses one past the bound', async () => {
    const queue = new MemoryTurnQueue();
    await queue.push('s1', item('a'), bounds);
    await queue.push('s2', item('x'), bounds);
    await queue.push('s1', item('b'), bounds);
    await expect(queue.push('s1', item('c'), bounds)).resolves.toEqual({ full: true });
    expect((await queue.list('s1')).map((i) => i.requestId)).toEqual(['a', 'b']);
    expect((await queue.list('s2')).map((i) => i.requestId)).toEqual(['x']);
  });

  it('shifts the head only when its request id is named, so a second shift of it removes nothing', async () => {
    const queue = new MemoryTurnQueue();
    await queue.push('s1', item('a'), bounds);
    await queue.push('s1', item('b'), bounds);
    await queue.shift('s1', 'b');
    await queue.shift('s1', 'a');
    await queue.shift('s1', 'a');
    expect((await queue.list('s1')).map((i) => i.requestId)).toEqual(['b']);
  });

  it('gives copies, so a caller that changes one changes nothing stored', async () => {
    const queue = new MemoryTurnQueue();
    await queue.push('s1', item('a'), bounds);
    const [listed] = await queue.list('s1');
    if (listed) listed.requestId = 'changed';
    expect((await queue.list('s1'))[0]?.requestId).toBe('a');
  });

  it('claims only the head, and refuses a withdraw of a claimed message, another user’s, or one not queued', async () => {
    const queue = new MemoryTurnQueue();
    await queue.push('s1', item('a'), bounds);
    await queue.push('s1', item('b'), bounds);
    await expect(queue.claim('s1', 'b')).resolves.toBe(false);
    await expect(queue.claim('s1', 'a')).resolves.toBe(true);
    await expect(queue.claim('s1', 'a')).resolves.toBe(true);
    await expect(queue.withdraw('s1', 'a', 'alice')).resolves.toBe('claimed');
    await expect(queue.withdraw('s1', 'b', 'mallory')).resolves.toBe('not-sender');
    await expect(queue.withdraw('s1', 'z', 'alice')).resolves.toBe('absent');
    await expect(queue.withdraw('s1', 'b', 'alice')).resolves.toBe('withdrawn');
    expect((await queue.list('s1')).map((i) => [i.requestId, i.claimed])).toEqual([['a', true]]);
  });

  it('drops the queue when its last message is withdrawn', async () => {
    const queue = new MemoryTurnQueue();
    await queue.push('s1', item('a'), bounds);
    await queue.withdraw('s1', 'a', 'alice');
    await expect(queue.list('s1')).resolves.toEqual([]);
    await expect(queue.claim('s1', 'a')).resolves.toBe(false);
  });
});
