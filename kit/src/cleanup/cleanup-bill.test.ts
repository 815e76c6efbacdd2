import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { DAY, HOUR, idleHistory, sessionAt, staleSessions } from '../test-utils/stale-sessions.js';
import { runCleanup } from './run-cleanup.js';
import { SMALL_LAYOUT } from './test-utils/owned-documents.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('cleanup-bill');
/** A loaded machine's emulator may take seconds to answer: the store's bound is not what is tested. */
const PATIENT_MS = 120_000;
let firestore: Firestore | undefined;
let tenants = 0;

function stores(): {
  seeder: FirestoreSessionStore;
  store: FirestoreSessionStore;
  ops: StoreOperation[];
  chunkDocs: () => Promise<number>;
} {
  firestore ??= emulatorFirestore(host as string, projectId);
  const db = firestore;
  const prefix = `b${tenants++}_`;
  const ops: StoreOperation[] = [];
  const options = { firestore, prefix, callTimeoutMs: PATIENT_MS };
  return {
    seeder: new FirestoreSessionStore({ ...options, limits: SMALL_LAYOUT }),
    store: new FirestoreSessionStore({ ...options, onOperation: (op) => ops.push(op) }),
    ops,
    chunkDocs: async () => (await db.collectionGroup(`${prefix}history`).count().get()).data().count,
  };
}

const sum = (ops: readonly StoreOperation[], key: 'reads' | 'writes'): number => ops.reduce((n, op) => n + op[key], 0);

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: cleanup bill tests — no Firestore emulator ***\n');

describe.skipIf(!host)('runCleanup (its Firestore bill)', () => {
  it('reads each session once, in its scan page, and writes it in one batch shared with others, when sessions own chunks, approvals and sub-sessions', async () => {
    const { seeder, store, ops, chunkDocs } = stores();
    const now = Date.now();
    const mix = { waiting: 120, old: 150, oldWaiting: 60, long: 30, subs: 40 };
    await seeder.createMany(staleSessions(mix, now));
    const sessions = mix.waiting + mix.old + mix.oldWaiting + mix.subs;
    const batchSize = 50;
    const chunks = await chunkDocs();
    expect(chunks).toBeGreaterThan(mix.long);

    const report = await runCleanup({ store, batchSize, clock: () => now });

    expect(report).toMatchObject({ expired: mix.waiting, deletedSessions: sessions - mix.waiting, errors: 0 });
    // The target: the scan page's read of each session plus its one batch; nothing read per session.
    expect(ops.filter((op) => op.kind !== 'query' && op.kind !== 'commit')).toEqual([]);
    const queries = ops.filter((op) => op.kind === 'query');
    // Pages: the expiry scan's and the deletion scan's, each ending on a short (maybe empty) page.
    const pages = Math.ceil(mix.waiting / batchSize) + Math.ceil((sessions - mix.waiting) / batchSize) + 2;
    expect(queries.length).toBeLessThanOrEqual(pages);
    // Several sessions share a commit (up to 32 each, all or none per session): per page, and for
    // the sub-sessions once their parents are gone; no session's writes are split (the writes below).
    const commitsAtMost = queries.length * Math.ceil(batchSize / 32) + Math.ceil(mix.subs / 32);
    expect(ops.filter((op) => op.kind === 'commit').length).toBeLessThanOrEqual(commitsAtMost);
    expect(sum(ops, 'reads')).toBeLessThanOrEqual(sessions + queries.length);
    // Each expiry: the session and its inbox document; each deletion: the session, its 4 control
    // documents (stop, queue, live words, an MCP server's kept state), its chunks and its inbox documents.
    const deleted = sessions - mix.waiting;
    expect(sum(ops, 'writes')).toBe(mix.waiting * 2 + deleted * 5 + chunks + mix.oldWaiting);
    expect(await chunkDocs()).toBe(0);
  }, 300_000);

  it('reads the parents of sub-sessions it did not delete in one batch, and keeps those sub-sessions', async () => {
    const { seeder, store, ops } = stores();
    const now = Date.now();
    const link = (i: number) => ({ parent: { sessionId: `p${i}`, ref: `t${i}`, agent: 'bank' } });
    const parents = Array.from({ length: 30 }, (_, i) => sessionAt(`p${i}`, now - HOUR, idleHistory(1), 'idle'));
    const subs = Array.from({ length: 30 }, (_, i) => ({
      ...sessionAt(`s${i}`, now - 40 * DAY, idleHistory(1), 'idle'),
      ...link(i),
    }));
    await seeder.createMany([...parents, ...subs]);

    const report = await runCleanup({ store, clock: () => now });

    expect(report).toMatchObject({ deletedSessions: 0, skippedLinked: 30, errors: 0 });
    const parentReads = ops.filter((op) => op.kind === 'getAll');
    expect(parentReads).toEqual([{ kind: 'getAll', reads: 30, writes: 0 }]);
  }, 300_000);
});
