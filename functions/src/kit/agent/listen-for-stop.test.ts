import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import type { SessionStore } from '../session/session-store.js';
import { resolveAgent } from './agent-runtime.js';
import { listenForStop } from './listen-for-stop.js';

const runtime = (store: SessionStore) => resolveAgent({ name: 'chat', model: scriptedModel([]), store });

describe('listenForStop', () => {
  it('aborts with cancelled and STOPPED when a stop names its lease', async () => {
    const store = new InMemorySessionStore();
    const ear = listenForStop(runtime(store), 's1', 'lease-1');
    await store.stops.ask('s1', { leaseId: 'lease-0', at: 1 });
    expect(ear.signal.aborted).toBe(false);
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 2 });
    expect(ear.signal.reason).toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED' } });
    ear.close();
  });

  it('hears nothing after close when the turn has ended', async () => {
    const store = new InMemorySessionStore();
    const ear = listenForStop(runtime(store), 's1', 'lease-1');
    ear.close();
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 1 });
    expect(ear.signal.aborted).toBe(false);
  });

  it('gives a signal that never fires when the store has no stops', () => {
    const memory = new InMemorySessionStore();
    const plain: SessionStore = {
      load: (id) => memory.load(id),
      create: (s) => memory.create(s),
      write: (e, n, o) => memory.write(e, n, o),
      delete: (id, o) => memory.delete(id, o),
    };
    const ear = listenForStop(runtime(plain), 's1', 'lease-1');
    expect(ear.signal.aborted).toBe(false);
    ear.close();
  });
});
