import { InMemorySessionStore } from '@callable-flows/kit/session/index.js';
import { sampleSession } from '@callable-flows/kit/session/test-utils/session-store-conformance.js';
import { InMemoryUsageCounters } from '@callable-flows/kit/usage/index.js';
import { describe, expect, it } from 'vitest';
import { LazySessionStore } from './lazy-session-store.js';

describe('LazySessionStore', () => {
  it('makes the store on first use and only once when calls overlap', async () => {
    let made = 0;
    const store = new LazySessionStore(async () => {
      made++;
      return new InMemorySessionStore();
    });
    expect(made).toBe(0);
    await Promise.all([store.load('a'), store.load('b'), store.load('c')]);
    expect(made).toBe(1);
  });

  it('tries to make the store again when the first attempt failed', async () => {
    let attempts = 0;
    const store = new LazySessionStore(async () => {
      attempts++;
      if (attempts === 1) throw new Error('Firestore unreachable');
      return new InMemorySessionStore();
    });
    await expect(store.load('a')).rejects.toThrow('Firestore unreachable');
    await expect(store.load('a')).resolves.toBeUndefined();
    expect(attempts).toBe(2);
  });

  it('passes stops to the store it makes, listening once the store is made', async () => {
    const made = new InMemorySessionStore();
    const store = new LazySessionStore(async () => made);
    const heard = new Promise((resolve) => store.stops.listen('s1', 'lease-1', resolve));
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 1 });
    await expect(heard).resolves.toEqual({ leaseId: 'lease-1', at: 1 });
    await expect(made.stops.last('s1')).resolves.toEqual({ leaseId: 'lease-1', at: 1 });
  });

  it('refuses to stop with unimplemented when the store it makes has no stops', async () => {
    const memory = new InMemorySessionStore();
    const store = new LazySessionStore(async () => ({
      load: (id: string) => memory.load(id),
      create: memory.create.bind(memory),
      write: memory.write.bind(memory),
      delete: memory.delete.bind(memory),
    }));
    await expect(store.stops.ask('s1', { leaseId: 'l', at: 1 })).rejects.toMatchObject({ code: 'unimplemented' });
  });

  it('passes a write’s charge to the store it makes, and says it charges before the store is made', async () => {
    const counters = new InMemoryUsageCounters();
    const store = new LazySessionStore(async () => new InMemorySessionStore({ usage: counters }), true);
    expect(store.chargesUsage).toBe(true);
    const created = await store.create(sampleSession('s1'));
    await store.write(
      created,
      { ...created.session, version: created.session.version + 1 },
      {
        charge: { uid: created.session.ownerUid, day: '2026-12-01', sessionId: 's1', tokens: 4 },
      },
    );
    expect((await counters.read(created.session.ownerUid, '2026-12-01')).tokens).toBe(4);
  });
});
