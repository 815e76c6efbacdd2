import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import type { Session } from '../session-schema.js';
import { isWriteConflict, type SessionRecord } from '../session-store.js';
import { demoProjectId, emulatorFirestore } from '../test-utils/emulator-firestore.js';
import { longHistory, sampleSession } from '../test-utils/session-store-conformance.js';
import { FirestoreSessionStore, type StoreOperation } from './firestore-session-store.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('shared-commits');
const SMALL = { tailUnits: 400, chunkUnits: 800 };
let firestore: Firestore | undefined;
let tenants = 0;

function fixture() {
  firestore ??= emulatorFirestore(host as string, projectId);
  const ops: StoreOperation[] = [];
  const options = { firestore, prefix: `c${tenants++}_`, limits: SMALL };
  return { store: new FirestoreSessionStore({ ...options, onOperation: (op) => ops.push(op) }), ops };
}

const commits = (ops: readonly StoreOperation[]) => ops.filter((op) => op.kind === 'commit');
/** The record's session one version on, its turn count marking who wrote it. */
const renamed = (record: SessionRecord, turns: number): Session => ({
  ...record.session,
  version: record.session.version + 1,
  turns,
});

async function created(
  store: FirestoreSessionStore,
  count: number,
  history = longHistory(2),
): Promise<SessionRecord[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => store.create(sampleSession(`s${i}`, history))));
}

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: FirestoreSessionStore shared commits — no Firestore emulator ***\n');

describe.skipIf(!host)('FirestoreSessionStore (several sessions in one commit)', () => {
  it('writes several sessions in one commit, each as write would', async () => {
    const { store, ops } = fixture();
    const records = await created(store, 5);
    ops.length = 0;

    const outcomes = await store.writeAll(records.map((r) => ({ expected: r, written: renamed(r, 7) })));

    expect(commits(ops)).toEqual([{ kind: 'commit', reads: 0, writes: 5, bytes: expect.any(Number) }]);
    for (const [i, outcome] of outcomes.entries()) {
      expect(outcome.status).toBe('fulfilled');
      const loaded = await store.load(`s${i}`);
      expect(loaded?.session).toMatchObject({ version: 2, turns: 7 });
      // The record returned is the stored copy: the next write on it goes through.
      if (outcome.status === 'fulfilled') expect(outcome.value.etag).toBe(loaded?.etag);
    }
  });

  it('fails only the session written since it was read, and writes the others', async () => {
    const { store, ops } = fixture();
    const records = await created(store, 4);
    await store.write(records[2] as SessionRecord, renamed(records[2] as SessionRecord, 5));
    ops.length = 0;

    const outcomes = await store.writeAll(records.map((r) => ({ expected: r, written: renamed(r, 9) })));

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isWriteConflict((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect((await store.load('s2'))?.session.turns).toBe(5);
    for (const id of ['s0', 's1', 's3']) expect((await store.load(id))?.session.turns).toBe(9);
    // The shared commit failed whole; then each session was written alone.
    expect(commits(ops).map((op) => op.writes)).toEqual([1, 1, 1]);
  });

  it('deletes several sessions with their chunks in one commit, and keeps one written since it was read', async () => {
    const { store, ops } = fixture();
    const records = await created(store, 3, longHistory(40));
    expect(records.every((r) => (r.storage as { layout: { chunks: unknown[] } }).layout.chunks.length > 0)).toBe(true);
    const changed = await store.write(records[1] as SessionRecord, renamed(records[1] as SessionRecord, 5));
    const sessions = records.map((r) => ({ ...r, id: r.session.id }));

    const outcomes = await store.deleteAll(sessions);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(isWriteConflict((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(await store.load('s0')).toBeUndefined();
    expect((await store.load('s1'))?.session.history).toEqual(changed.session.history);
    expect(await store.load('s2')).toBeUndefined();

    ops.length = 0;
    expect((await store.deleteAll([{ ...changed, id: 's1' }]))[0]?.status).toBe('fulfilled');
    expect(await store.load('s1')).toBeUndefined();
    expect(commits(ops)).toHaveLength(1);
  });

  it('puts no more than 500 writes in a commit', async () => {
    const { store, ops } = fixture();
    const records = await created(store, 60, longHistory(40));
    const writes = records.reduce(
      (n, r) => n + 5 + (r.storage as { layout: { chunks: unknown[] } }).layout.chunks.length,
      0,
    );
    expect(writes).toBeGreaterThan(500);
    ops.length = 0;

    const outcomes = await store.deleteAll(records.map((r) => ({ ...r, id: r.session.id })));

    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
    const sent = commits(ops).map((op) => op.writes);
    expect(sent.length).toBeGreaterThan(1);
    for (const n of sent) expect(n).toBeLessThanOrEqual(500);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(writes);
  });
});
