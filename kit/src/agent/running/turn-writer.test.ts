import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { FlakyStore } from '../../session/test-utils/flaky-store.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import { dayOf, InMemoryUsageCounters, listenToUsageCharges, type UsageCharge } from '../../usage/index.js';
import { manualClock } from '../test-utils/agent-fixtures.js';
import { TurnWriter } from './turn-writer.js';

async function leasedWriter(counters?: InMemoryUsageCounters) {
  const store = new InMemorySessionStore(counters ? { usage: counters } : {});
  const clock = manualClock();
  const record = await store.create({
    ...sampleSession('s1'),
    status: 'running',
    lease: { id: 'L1', expiresAt: clock.now() + 1000 },
  });
  const writer = new TurnWriter(store, record, { clock: clock.now, leaseMs: 1000, sessionTtlMs: 5000 });
  return { store, clock, record, writer };
}

describe('TurnWriter', () => {
  it("charges what the turn spent since its last write to the session's owner, once, with its next write", async () => {
    const counters = new InMemoryUsageCounters();
    const { clock, writer, record } = await leasedWriter(counters);
    const heard: UsageCharge[] = [];
    const listener = { ledger: counters.ledger, heard: (charge: UsageCharge) => heard.push(charge) };
    listenToUsageCharges(listener);
    writer.spend({ inputTokens: 30, outputTokens: 12 });
    writer.spend({ inputTokens: 8 });
    await writer.commit((s) => s);
    await writer.commit((s) => s);
    const { ownerUid, id } = record.session;
    expect(await counters.read(ownerUid, dayOf(clock.now()))).toMatchObject({ tokens: 50, sessions: { [id]: 50 } });
    expect(heard.filter((c) => c.sessionId === id)).toEqual([
      { uid: ownerUid, day: dayOf(clock.now()), sessionId: id, tokens: 50 },
    ]);
  });

  it('keeps the tokens of a write that failed for the next write, and charges a store without counters nothing', async () => {
    const counters = new InMemoryUsageCounters();
    const inner = new InMemorySessionStore({ usage: counters });
    const clock = manualClock();
    const record = await inner.create({
      ...sampleSession('s2'),
      status: 'running',
      lease: { id: 'L2', expiresAt: clock.now() + 1000 },
    });
    const flaky = new FlakyStore(inner, { at: 1, when: 'before', mode: 'transient' });
    const writer = new TurnWriter(flaky, record, { clock: clock.now, leaseMs: 1000, sessionTtlMs: 5000 });
    writer.spend({ inputTokens: 9 });
    await expect(writer.commit((s) => s, { release: true })).rejects.toThrow();
    await writer.commit((s) => s, { release: true });
    expect((await counters.read(record.session.ownerUid, dayOf(clock.now()))).tokens).toBe(9);
    // The same spending on a store that charges nothing leaves no trace anywhere.
    const plain = await leasedWriter();
    plain.writer.spend({ inputTokens: 9 });
    await plain.writer.commit((s) => s);
    expect(plain.store.chargesUsage).toBe(false);
  });

  it('renews the lease and raises the version when it writes', async () => {
    const { clock, writer } = await leasedWriter();
    clock.advance(600);
    const written = await writer.commit((s) => ({ ...s, turns: 1 }));
    expect(written.session).toMatchObject({ version: 2, turns: 1, lease: { id: 'L1', expiresAt: clock.now() + 1000 } });
    expect(written.session.expireAt).toBe(clock.now() + 5000);
  });

  it('writes one at a time, in the order asked, when commits overlap', async () => {
    const { writer } = await leasedWriter();
    const results = await Promise.all([1, 2, 3].map((n) => writer.commit((s) => ({ ...s, turns: s.turns * 10 + n }))));
    expect(results.map((r) => r.session.turns)).toEqual([1, 12, 123]);
  });

  it('keeps its lease on the session, lapsed now, and writes no more, when a release asks to lapse', async () => {
    const { clock, writer } = await leasedWriter();
    clock.advance(10);
    const written = await writer.commit((s) => ({ ...s, turns: 2 }), { release: true, lapse: true });
    expect(written.session.lease).toEqual({ id: writer.leaseId, expiresAt: clock.now() });
    expect(written.session.turns).toBe(2);
    expect(writer.hasReleased).toBe(true);
    await expect(writer.commit((s) => s)).rejects.toMatchObject({ code: 'internal' });
  });

  it('refuses to write again when it has given the lease up', async () => {
    const { writer } = await leasedWriter();
    const released = writer.commit((s) => ({ ...s, status: 'idle' }), { release: true });
    await expect(writer.commit((s) => s)).rejects.toMatchObject({ code: 'internal' });
    expect((await released).session.lease).toBeUndefined();
  });

  it('gives the lease up when a release is asked again after the store refused the first', async () => {
    const { store, record, writer } = await leasedWriter();
    let refuse = true;
    const write = store.write.bind(store);
    store.write = (expected, next, options) =>
      refuse ? Promise.reject(new Error('store down')) : write(expected, next, options);
    await expect(writer.commit((s) => ({ ...s, status: 'idle' }), { release: true })).rejects.toMatchObject({
      code: 'unavailable',
    });
    // No other write may follow a release that was asked for; the release itself may.
    await expect(writer.commit((s) => s)).rejects.toMatchObject({ code: 'internal' });
    refuse = false;
    const released = await writer.commit((s) => ({ ...s, status: 'failed' }), { release: true });
    expect(released.session).toMatchObject({ status: 'failed', version: record.session.version + 1 });
    expect(released.session.lease).toBeUndefined();
    expect(writer.hasReleased).toBe(true);
  });

  it('aborts its signal with aborted when another call took the session over', async () => {
    const { store, record, writer } = await leasedWriter();
    await store.write(record, { ...record.session, version: 2, lease: { id: 'L2', expiresAt: 9e15 } });
    await expect(writer.commit((s) => s)).rejects.toMatchObject({ code: 'aborted' });
    expect(writer.signal.aborted).toBe(true);
    await expect(writer.commit((s) => s)).rejects.toMatchObject({ code: 'aborted' });
  });
});
