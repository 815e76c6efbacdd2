import { QueueDocSchema } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { RestFirestore } from '../../firestore/index.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import { demoProjectId, emulatorFirestore } from '../test-utils/emulator-firestore.js';
import type { QueuedMessage } from '../turn-queue.js';
import { FirestoreSessionStore } from './firestore-session-store.js';
import { QUEUE_MESSAGE_CHARS } from './firestore-turn-queue.js';

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));

type Client = 'the SDK' | 'the REST client';

/** A store on its own Firestore client (another instance), and an SDK client that reads what it wrote. */
function instanceOn(client: Client, projectId: string): { store: FirestoreSessionStore; firestore: Firestore } {
  const firestore = emulatorFirestore(host as string, projectId);
  firestores.push(firestore);
  const db = client === 'the SDK' ? firestore : new RestFirestore({ projectId });
  return { store: new FirestoreSessionStore({ firestore: db, prefix: 'queue_' }), firestore };
}

const item = (requestId: string, text = requestId): QueuedMessage => ({
  requestId,
  uid: 'alice',
  message: { role: 'user', content: [{ text }] },
  digest: 'd',
  at: 1,
});
const bounds = (maxItems: number) => ({ maxItems, ownerUid: 'alice', expireAt: Date.now() + 60_000 });

describe.skipIf(!host).each<Client>(['the SDK', 'the REST client'])('FirestoreTurnQueue on %s', (client) => {
  const instance = (projectId: string) => instanceOn(client, projectId);

  it('keeps the bound and one entry per request id when two instances push at once', async () => {
    const project = demoProjectId('queue');
    const [a, b] = [instance(project), instance(project)];
    const pushes = await Promise.all([
      a.store.queue.push('s1', item('r1'), bounds(3)),
      b.store.queue.push('s1', item('r2'), bounds(3)),
      a.store.queue.push('s1', item('r3'), bounds(3)),
      b.store.queue.push('s1', item('r4'), bounds(3)),
      a.store.queue.push('s1', item('r1'), bounds(3)),
    ]);
    const listed = await b.store.queue.list('s1');
    expect(listed).toHaveLength(3);
    expect(new Set(listed.map((i) => i.requestId)).size).toBe(3);
    // Which three of the four ids got in depends on which pushes committed first: a push was
    // refused full exactly when its id is not in the queue (both pushes of r1 alike).
    const ids = ['r1', 'r2', 'r3', 'r4', 'r1'];
    for (const [n, pushed] of pushes.entries()) {
      expect('full' in pushed).toBe(!listed.some((i) => i.requestId === ids[n]));
    }
    // Each queued push was told the place it holds.
    for (const [n, pushed] of pushes.entries()) {
      if ('queued' in pushed) expect(listed[pushed.position - 1]?.requestId).toBe(ids[n]);
    }
  });

  it('writes the protocol’s queue document, with the owner and expireAt as a timestamp, and deletes it once empty', async () => {
    const { store, firestore } = instance(demoProjectId('queue-doc'));
    await store.queue.push('s1', item('r1', 'hello'), bounds(3));
    const ref = firestore.doc('queue_sessions/s1/control/queue');
    const snap = await ref.get();
    const doc = QueueDocSchema.parse(snap.data());
    expect(doc.ownerUid).toBe('alice');
    expect(JSON.parse(doc.items[0]?.message ?? '')).toEqual({ role: 'user', content: [{ text: 'hello' }] });
    expect(typeof (snap.get('expireAt') as { toMillis?: unknown }).toMillis).toBe('function');
    await store.queue.shift('s1', 'other');
    expect((await ref.get()).exists).toBe(true);
    await store.queue.shift('s1', 'r1');
    expect((await ref.get()).exists).toBe(false);
  });

  it('is full when the messages would not fit one document, whatever the count', async () => {
    const { store } = instance(demoProjectId('queue-bytes'));
    const big = 'x'.repeat(Math.floor(QUEUE_MESSAGE_CHARS / 2));
    await expect(store.queue.push('s1', item('r1', big), bounds(10))).resolves.toMatchObject({ queued: true });
    await expect(store.queue.push('s1', item('r2', big), bounds(10))).resolves.toEqual({ full: true });
  });

  it('lets exactly one of a withdraw and a queue run’s claim win when two instances race for the head', async () => {
    const project = demoProjectId('queue-withdraw-race');
    const [a, b] = [instance(project), instance(project)];
    for (let round = 0; round < 6; round++) {
      const id = `${client === 'the SDK' ? 'sdk' : 'rest'}-race${round}`;
      await a.store.queue.push(id, item('r1'), bounds(3));
      const [claimed, withdrawn] = await Promise.all([
        a.store.queue.claim(id, 'r1'),
        b.store.queue.withdraw(id, 'r1', 'alice'),
      ]);
      // The claim won (the head is marked taken, the withdraw refused), or the withdraw did (the queue is empty).
      expect(claimed ? 'claimed' : 'withdrawn').toBe(withdrawn === 'withdrawn' ? 'withdrawn' : 'claimed');
      const listed = await a.store.queue.list(id);
      expect(listed.map((i) => [i.requestId, i.claimed ?? false])).toEqual(claimed ? [['r1', true]] : []);
    }
  });

  it('withdraws a waiting message by its sender only, keeping the rest in order', async () => {
    const { store, firestore } = instance(demoProjectId('queue-withdraw'));
    for (const id of ['r1', 'r2', 'r3']) await store.queue.push('s1', item(id), bounds(3));
    await expect(store.queue.withdraw('s1', 'r2', 'mallory')).resolves.toBe('not-sender');
    await expect(store.queue.withdraw('s1', 'r2', 'alice')).resolves.toBe('withdrawn');
    await expect(store.queue.withdraw('s1', 'r2', 'alice')).resolves.toBe('absent');
    expect((await store.queue.list('s1')).map((i) => i.requestId)).toEqual(['r1', 'r3']);
    await expect(store.queue.claim('s1', 'r3')).resolves.toBe(false);
    await expect(store.queue.claim('s1', 'r1')).resolves.toBe(true);
    await expect(store.queue.withdraw('s1', 'r1', 'alice')).resolves.toBe('claimed');
    // The claim is in the protocol's queue document, so a watcher can tell a message that began.
    const doc = QueueDocSchema.parse((await firestore.doc('queue_sessions/s1/control/queue').get()).data());
    expect(doc.items.map((i) => [i.requestId, i.claimed])).toEqual([
      ['r1', true],
      ['r3', undefined],
    ]);
    await store.queue.withdraw('s1', 'r3', 'alice');
    await store.queue.shift('s1', 'r1');
    expect((await firestore.doc('queue_sessions/s1/control/queue').get()).exists).toBe(false);
  });
});
