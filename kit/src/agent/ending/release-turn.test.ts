import { describe, expect, it } from 'vitest';
import { KitError } from '../../errors/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import { TurnJournal, TurnWriter } from '../running/index.js';
import { resolveAgent } from '../runtime/index.js';
import { manualClock } from '../test-utils/agent-fixtures.js';
import { releaseAfterFailure, writeRelease } from './release-turn.js';

/** A leased session over a store that refuses its next `refusals` writes. */
async function leased(refusals: number) {
  const store = new InMemorySessionStore();
  const clock = manualClock();
  const record = await store.create({
    ...sampleSession('s1'),
    status: 'running',
    lease: { id: 'L1', expiresAt: clock.now() + 10_000 },
  });
  const write = store.write.bind(store);
  let left = refusals;
  store.write = (expected, next, options) =>
    left-- > 0 ? Promise.reject(new KitError('unavailable', 'store down')) : write(expected, next, options);
  const rt = resolveAgent({ name: 'shop', model: scriptedModel([]), store, cache: false, clock: clock.now });
  const writer = new TurnWriter(store, record, rt.timing);
  return { store, rt, writer, journal: new TurnJournal(writer, rt.toolMap) };
}

describe('writeRelease', () => {
  it('gives the lease up when the store takes the write on a later attempt', async () => {
    const { store, writer } = await leased(2);
    await writeRelease(writer, (s) => ({ ...s, status: 'idle' }));
    const stored = (await store.load('s1'))?.session;
    expect(stored?.status).toBe('idle');
    expect(stored?.lease).toBeUndefined();
  });
});

describe('releaseAfterFailure', () => {
  it('stores the error and gives the lease up when the store takes the release', async () => {
    const { store, rt, writer, journal } = await leased(0);
    await releaseAfterFailure(rt, writer, journal, new KitError('unavailable', 'the model answered 503'));
    const stored = (await store.load('s1'))?.session;
    expect(stored).toMatchObject({ status: 'failed', error: { code: 'unavailable' } });
    expect(stored?.lease).toBeUndefined();
  });

  it('lets this instance see through the lease when the store refuses every release', async () => {
    const { store, rt, writer, journal } = await leased(10);
    await releaseAfterFailure(rt, writer, journal, new KitError('unavailable', 'the store is down'));
    const stored = (await store.load('s1'))?.session;
    expect(stored?.lease?.id).toBe('L1');
    expect(rt.givenUp.seeThrough(stored as NonNullable<typeof stored>).lease).toBeUndefined();
  });
});
