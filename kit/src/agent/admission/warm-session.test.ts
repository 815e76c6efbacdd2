import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import type { SessionStore } from '../../session/session-store.js';
import type { QueuedMessage } from '../../session/turn-queue.js';
import { defineAgent } from '../define-agent.js';
import { echoModel } from '../test-utils/agent-fixtures.js';

/** The in-memory store, counting the loads that reach it. */
function countingStore(): InMemorySessionStore & { loads: string[] } {
  const store = new InMemorySessionStore() as InMemorySessionStore & { loads: string[] };
  store.loads = [];
  const load = store.load.bind(store);
  store.load = (id: string) => {
    store.loads.push(id);
    return load(id);
  };
  return store;
}

const waiting: QueuedMessage = {
  requestId: 'earlier',
  uid: 'alice',
  message: { role: 'user', content: [{ text: 'first' }] },
  digest: 'd',
  at: 1,
};

describe('warmSession (Agent.warm)', () => {
  it('starts reading the session at once, and the turn that follows reads the store no more', async () => {
    const store = countingStore();
    const agent = defineAgent({ name: 'w', model: echoModel(), store });
    const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'alice' });
    const cold = defineAgent({ name: 'w', model: echoModel(), store });
    store.loads.length = 0;
    cold.warm(sessionId);
    expect(store.loads).toEqual([sessionId]);
    await cold.send(sessionId, { message: 'again' }, { uid: 'alice' });
    expect(store.loads).toEqual([sessionId]);
  });

  it('hands an agent that queues the queue as read when the call arrived, and the call goes by that read', async () => {
    const store = countingStore();
    const agent = defineAgent({ name: 'q', model: echoModel(), store, whileBusy: 'queue' });
    const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'alice' });
    const warmed = agent.warm(sessionId);
    await expect(warmed.queue).resolves.toEqual([]);
    // A message queued after that read came after this call: the call does not wait behind it.
    await store.queue.push(sessionId, waiting, { maxItems: 3, ownerUid: 'alice', expireAt: Date.now() + 60_000 });
    const result = await agent.send(sessionId, { message: 'next' }, { uid: 'alice', requestId: 'r2', warmed });
    expect(result).toMatchObject({ sessionId, text: expect.any(String) });
    expect(result).not.toHaveProperty('status', 'queued');
  });

  it('reads no queue for a call that can’t queue (queue: false), only the session', async () => {
    const store = countingStore();
    const { sessionId } = await defineAgent({ name: 'q', model: echoModel(), store, whileBusy: 'queue' }).send(
      undefined,
      { message: 'hi' },
      { uid: 'alice' },
    );
    // Another instance: its cache is empty.
    const cold = defineAgent({ name: 'q', model: echoModel(), store, whileBusy: 'queue' });
    store.loads.length = 0;
    expect(cold.warm(sessionId, { queue: false })).toEqual({});
    expect(store.loads).toEqual([sessionId]);
    expect(cold.warm(sessionId).queue).toBeInstanceOf(Promise);
  });

  it('reads nothing for an id the wire refuses, nor without a session cache', () => {
    const store = countingStore();
    const agent = defineAgent({ name: 'w', model: echoModel(), store, whileBusy: 'queue' });
    expect(agent.warm('sessions/other')).toEqual({});
    const uncached = defineAgent({ name: 'u', model: echoModel(), store: store as SessionStore, cache: false });
    uncached.warm('s1');
    expect(store.loads).toEqual([]);
  });
});
