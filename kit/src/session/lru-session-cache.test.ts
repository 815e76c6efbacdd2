import { describe, expect, it } from 'vitest';
import { gate } from '../test-utils/gate.js';
import { defaultCacheBytes, LruSessionCache } from './lru-session-cache.js';
import { InMemorySessionStore } from './memory-session-store.js';
import { sessionBytes } from './session-bytes.js';
import type { SessionRecord, SessionStore } from './session-store.js';
import { sampleSession } from './test-utils/session-store-conformance.js';

/** Counts the loads that reach the store. */
function counting(store: SessionStore): SessionStore & { loads: number } {
  const counter = Object.create(store) as SessionStore & { loads: number };
  counter.loads = 0;
  counter.load = (id: string) => {
    counter.loads++;
    return store.load(id);
  };
  return counter;
}

describe('LruSessionCache', () => {
  it('serves a load from memory when the session was written through it', async () => {
    const store = counting(new InMemorySessionStore());
    const cache = new LruSessionCache(store);
    const created = await cache.create(sampleSession('s1'));
    const written = await cache.write(created, { ...created.session, version: 2 });
    expect(await cache.load('s1')).toBe(written);
    expect(store.loads).toBe(0);
  });

  it('drops its copy and reads the store again when a write finds the copy stale', async () => {
    const store = counting(new InMemorySessionStore());
    const mine = new LruSessionCache(store);
    const theirs = new LruSessionCache(store);
    const created = await mine.create(sampleSession('s1'));
    const newer = await theirs.write((await theirs.load('s1')) as SessionRecord, {
      ...created.session,
      version: 2,
      status: 'failed',
    });
    await expect(mine.write(created, { ...created.session, version: 2 })).rejects.toMatchObject({ code: 'aborted' });
    expect((await mine.load('s1'))?.etag).toBe(newer.etag);
  });

  it('keeps the newer copy when a slower load returns an older version', async () => {
    const store = new InMemorySessionStore();
    const created = await store.create(sampleSession('s1'));
    const held = gate();
    const slow = Object.create(store) as SessionStore;
    slow.load = async (id) => {
      const old = await store.load(id);
      await held.promise;
      return old;
    };
    const cache = new LruSessionCache(slow);
    const loading = cache.load('s1');
    const written = await cache.write(created, { ...created.session, version: 2 });
    held.open();
    expect(await loading).toBe(written);
    expect(await cache.load('s1')).toBe(written);
  });

  it('reads the store once when a second load comes while the first is in flight', async () => {
    const store = counting(new InMemorySessionStore());
    await store.create(sampleSession('s1'));
    const cache = new LruSessionCache(store);
    const [a, b] = await Promise.all([cache.load('s1'), cache.load('s1')]);
    expect(a).toBe(b);
    expect(store.loads).toBe(1);
  });

  it('reads the store again for a fresh load, even with a read in flight', async () => {
    const store = counting(new InMemorySessionStore());
    await store.create(sampleSession('s1'));
    const cache = new LruSessionCache(store);
    await Promise.all([cache.load('s1'), cache.load('s1', { fresh: true })]);
    expect(store.loads).toBe(2);
  });

  it('reads the store again after a failed read instead of joining it', async () => {
    const inner = new InMemorySessionStore();
    await inner.create(sampleSession('s1'));
    let failures = 1;
    const flaky = Object.create(inner) as SessionStore;
    flaky.load = async (id) => {
      if (failures-- > 0) throw new Error('unavailable');
      return inner.load(id);
    };
    const cache = new LruSessionCache(flaky);
    await expect(cache.load('s1')).rejects.toThrow('unavailable');
    expect((await cache.load('s1'))?.session.id).toBe('s1');
  });

  it('evicts the least recently used session when it holds more than max', async () => {
    const store = counting(new InMemorySessionStore());
    const cache = new LruSessionCache(store, { max: 2 });
    for (const id of ['a', 'b', 'c']) await cache.create(sampleSession(id));
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    await cache.load('a');
    expect(store.loads).toBe(1);
  });

  it('keeps its sessions under maxBytes by evicting the least recently used when histories are long', async () => {
    const long = (id: string) => ({
      ...sampleSession(id),
      history: Array.from({ length: 200 }, (_, i) => ({
        role: i % 2 ? ('model' as const) : ('user' as const),
        content: [{ text: `${id} ${i} `.repeat(50) }],
      })),
    });
    const one = sessionBytes(long('a'));
    const cache = new LruSessionCache(new InMemorySessionStore(), { maxBytes: Math.floor(2.5 * one) });
    for (const id of ['a', 'b', 'c', 'd']) await cache.create(long(id));
    expect(['a', 'b', 'c', 'd'].map((id) => cache.has(id))).toEqual([false, false, true, true]);
    expect(cache.bytes).toBeLessThanOrEqual(2.5 * one);
  });

  it('does not cache a session bigger than maxBytes and still serves it from the store', async () => {
    const store = counting(new InMemorySessionStore());
    const cache = new LruSessionCache(store, { maxBytes: 1000 });
    await cache.create(sampleSession('big'));
    expect(cache.has('big')).toBe(false);
    expect((await cache.load('big'))?.session.id).toBe('big');
    expect(store.loads).toBe(1);
  });

  it('is bounded by a quarter of the instance memory when no bound is given', () => {
    const saved = process.env.FUNCTION_MEMORY_MB;
    process.env.FUNCTION_MEMORY_MB = '512';
    try {
      expect(defaultCacheBytes()).toBe(128 * 2 ** 20);
    } finally {
      if (saved === undefined) delete process.env.FUNCTION_MEMORY_MB;
      else process.env.FUNCTION_MEMORY_MB = saved;
    }
  });
});
