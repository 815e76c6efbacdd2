import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from './memory-session-store.js';
import { describeSessionStoreConformance, sampleSession } from './test-utils/session-store-conformance.js';

describeSessionStoreConformance('InMemorySessionStore', () => {
  const store = new InMemorySessionStore();
  return { open: () => store };
});

describe('InMemorySessionStore', () => {
  it("deletes a session's queue and stop record with it, and nothing of another session's", async () => {
    const store = new InMemorySessionStore();
    const queued = {
      requestId: 'q1',
      uid: 'alice',
      message: { role: 'user' as const, content: [{ text: 'later' }] },
      digest: 'd1',
      at: 1,
    };
    for (const id of ['gone', 'kept']) {
      await store.create(sampleSession(id));
      await store.queue.push(id, queued, { maxItems: 5, ownerUid: 'alice', expireAt: 10 });
      await store.stops.ask(id, { leaseId: 'lease-1', at: 2 });
    }
    await store.delete('gone');
    expect(await store.load('gone')).toBeUndefined();
    expect(await store.queue.list('gone')).toEqual([]);
    expect(await store.stops.last('gone')).toBeUndefined();
    expect((await store.queue.list('kept')).map((q) => q.requestId)).toEqual(['q1']);
    expect(await store.stops.last('kept')).toEqual({ leaseId: 'lease-1', at: 2 });
  });
});
