import { describe, expect, it } from 'vitest';
import { stampInterrupt, stampResolved } from '../call-state/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
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

  it('counts the questions its sessions leave waiting by owner and by the agent that asked, as Firestore’s inbox holds them', async () => {
    const store = new InMemorySessionStore();
    const asking = (ref: string): ToolRequestPart =>
      stampInterrupt({ toolRequest: { name: 'pay', ref, input: {} } }, { title: 'Pay?' });
    const question = { name: 'refund', ref: 'q', input: {}, metadata: {}, inputDigest: 'd' };
    const subCall = stampInterrupt(
      { toolRequest: { name: 'refunds', ref: 'r', input: {} } },
      { subAgent: { agent: 'refunds', sessionId: 'sub', interrupts: [question, { ...question, ref: 'q2' }] } },
    );
    const round = (...parts: ToolRequestPart[]): Message[] => [
      { role: 'user', content: [{ text: 'go' }] },
      { role: 'model', content: parts },
    ];
    const one = await store.create(sampleSession('one', round(asking('a'), subCall)));
    await store.create({ ...sampleSession('two', round(asking('b'))), ownerUid: 'bob' });
    // A sub-agent's session: its questions are its parent's (counted there, by the sub-agent call).
    const parent = { sessionId: 'one', ref: 'r', agent: 'shop' };
    await store.create({ ...sampleSession('sub', round(asking('c'))), agent: 'refunds', parent });
    expect(await store.waitingCount.count({ ownerUid: 'alice' })).toBe(3);
    expect(await store.waitingCount.count({ ownerUid: 'bob' })).toBe(1);
    expect(await store.waitingCount.count({ agent: 'shop' })).toBe(2);
    expect(await store.waitingCount.count({ agent: 'refunds' })).toBe(2);
    // A closed round waits no more; a deleted session leaves nothing counted.
    await store.write(one, { ...one.session, version: 2, history: round(stampResolved(asking('a'))) });
    await store.delete('two');
    expect(await store.waitingCount.count({ ownerUid: 'alice' })).toBe(0);
    expect(await store.waitingCount.count({ ownerUid: 'bob' })).toBe(0);
  });
});
