import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/index.js';
import type { SessionStore } from '../../session/session-store.js';
import { resolveAgent } from '../runtime/index.js';
import { listenForStop, STOP_LISTEN_DELAY_MS } from './listen-for-stop.js';

const runtime = (store: SessionStore) => resolveAgent({ name: 'chat', model: scriptedModel([]), store });

describe('listenForStop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts with cancelled and STOPPED when a stop names its lease', async () => {
    const store = new InMemorySessionStore();
    const ear = listenForStop(runtime(store), 's1', 'lease-1');
    await vi.advanceTimersByTimeAsync(STOP_LISTEN_DELAY_MS);
    await store.stops.ask('s1', { leaseId: 'lease-0', at: 1 });
    expect(ear.signal.aborted).toBe(false);
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 2 });
    expect(ear.signal.reason).toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED' } });
    ear.close();
  });

  it('fires at once and keeps who asked when it is told to honour a stop (one read when a dead turn was taken over)', async () => {
    const store = new InMemorySessionStore();
    const ear = listenForStop(runtime(store), 's1', 'lease-2');
    expect(ear.heard).toBeUndefined();
    const stop = { leaseId: 'lease-1', at: 2, uid: 'u1', requestId: 'stop-1', clientId: 'tab-2' };
    ear.honour(stop);
    expect(ear.signal.reason).toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED' } });
    expect(ear.heard).toEqual(stop);
    ear.close();
  });

  it('keeps the stop it heard, with its client, when a stop names its lease', async () => {
    const store = new InMemorySessionStore();
    const ear = listenForStop(runtime(store), 's1', 'lease-1');
    await vi.advanceTimersByTimeAsync(STOP_LISTEN_DELAY_MS);
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 3, uid: 'u1', clientId: 'phone' });
    expect(ear.heard).toEqual({ leaseId: 'lease-1', at: 3, uid: 'u1', clientId: 'phone' });
    ear.close();
  });

  it('hears a stop asked before it began to listen when the turn outlives the delay', async () => {
    const store = new InMemorySessionStore();
    const ear = listenForStop(runtime(store), 's1', 'lease-1');
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 1 });
    expect(ear.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(STOP_LISTEN_DELAY_MS);
    expect(ear.signal.reason).toMatchObject({ code: 'cancelled', details: { reason: 'STOPPED' } });
    ear.close();
  });

  it('never listens when the turn ends before the delay', async () => {
    const store = new InMemorySessionStore();
    const listen = vi.spyOn(store.stops, 'listen');
    const ear = listenForStop(runtime(store), 's1', 'lease-1');
    ear.close();
    await vi.advanceTimersByTimeAsync(STOP_LISTEN_DELAY_MS * 2);
    expect(listen).not.toHaveBeenCalled();
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
