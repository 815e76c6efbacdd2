import type { Session } from '@callable-flows/kit/session/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { FlakyStore } from '@callable-flows/kit/session/test-utils/flaky-store.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { shopWorld, userTexts } from './test-utils/shop-world.js';
import { typedClient } from './test-utils/typed-client.js';

// A failed last write never leaves a session locked or silent (docs/concepts.md, when a turn fails mid-way): the
// release is tried again, the error is stored where the store takes it, and the typed client's
// automatic retry is admitted at once, going on from the journal.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('last-write');
let firestore: Firestore | undefined;
let tenants = 0;

afterAll(async () => {
  await firestore?.terminate();
});

function world() {
  firestore ??= emulatorFirestore(host as string, projectId);
  return shopWorld(firestore, `w${tenants++}_`);
}

/** The store refusing the next `times` writes that would give the lease up. */
const refusingReleases = (w: ReturnType<typeof world>, times: number) =>
  new FlakyStore(w.store, { at: 1, when: 'before', mode: 'transient', on: 'release', times });

describe.skipIf(!host)('a turn whose last write fails', () => {
  it('stores the error, holds no lease, and its retry finishes from the journal without the model', async () => {
    const w = world();
    const alice = typedClient(w.callable(), 'alice');
    const { sessionId } = await alice.send('hello');
    const seen: Session[] = [];
    // Every attempt of the last write fails; the release after it goes through.
    const flaky = refusingReleases(w, 3);
    const retrying = typedClient(w.callable(flaky), 'alice', async () => {
      seen.push((await w.store.load(sessionId))?.session as Session);
    });
    const modelCalls = w.counts.model;
    const done = await retrying.send('charge A-1', { sessionId });
    expect(done).toMatchObject({ status: 'done', text: 'done: [{"charged":500,"orderId":"A-1"}]' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ status: 'failed', error: { code: 'unavailable' } });
    expect(seen[0]?.lease).toBeUndefined();
    // The retry asked the model nothing: the answer was journaled by the release.
    expect(w.counts.model - modelCalls).toBe(2);
    const session = (await w.store.load(sessionId))?.session as Session;
    expect(session.status).toBe('idle');
    expect(w.record.runs).toBe(1);
    expect(userTexts(session.history)).toEqual(['hello', 'charge A-1']);
    await expect(alice.send('bye')).resolves.toMatchObject({ text: 'noted: bye' });
  });

  it('sees through the lease the store would not let go, so the retry on this instance is admitted at once', async () => {
    const w = world();
    const alice = typedClient(w.callable(), 'alice');
    const { sessionId } = await alice.send('hello');
    // The last write and every release attempt fail: the store still shows the turn's lease.
    const flaky = refusingReleases(w, 6);
    const seen: Session[] = [];
    const retrying = typedClient(w.callable(flaky), 'alice', async () => {
      seen.push((await w.store.load(sessionId))?.session as Session);
    });
    const done = await retrying.send('charge A-1', { sessionId });
    expect(done).toMatchObject({ status: 'done', text: 'done: [{"charged":500,"orderId":"A-1"}]' });
    expect(seen[0]?.status).toBe('running');
    expect(seen[0]?.lease?.expiresAt).toBeGreaterThan(w.clock.now());
    const session = (await w.store.load(sessionId))?.session as Session;
    expect(session).toMatchObject({ status: 'idle' });
    expect(session.lease).toBeUndefined();
    expect(w.record.runs).toBe(1);
    expect(userTexts(session.history)).toEqual(['hello', 'charge A-1']);
  });

  it('keeps the interrupt of an interrupting turn, so the approval can be given at once', async () => {
    const w = world();
    let retries = 0;
    const alice = typedClient(w.callable(refusingReleases(w, 3)), 'alice', async () => {
      retries++;
    });
    const asked = await alice.send('send 5 euros');
    // The first attempt failed; its retry is told what the journal waits for.
    expect(retries).toBe(1);
    expect(asked.status).toBe('interrupted');
    const interrupt = asked.interrupts[0];
    if (!interrupt) throw new Error('no interrupt');
    expect(interrupt).toMatchObject({ name: 'transfer', input: { cents: 500 }, metadata: { need: 'confirm' } });
    const stored = (await w.store.load(asked.sessionId))?.session as Session;
    expect(stored.status).toBe('interrupted');
    expect(stored.lease).toBeUndefined();
    await expect(alice.approve(interrupt)).resolves.toMatchObject({ status: 'done' });
    expect(w.record.runs).toBe(1);
    expect(userTexts((await w.store.load(asked.sessionId))?.session.history ?? [])).toEqual(['send 5 euros']);
  });
});
