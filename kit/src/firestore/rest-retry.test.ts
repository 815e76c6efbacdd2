import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentBatch } from './document-db.js';
import type { RestFirestoreError } from './rest-error.js';
import { RestFirestore } from './rest-firestore.js';
import { isFenced, retriedCodes } from './rest-retry.js';
import type { RestTimestamp } from './rest-timestamp.js';
import { type FirestoreStandIn, startFirestoreStandIn } from './test-utils/firestore-stand-in.js';

// The retry table, row by row, on a stand-in for Firestore that meets the first call with the
// row's answer: how many times the call was sent, and what the caller got.

const ROOT = 'projects/p/databases/(default)/documents';
const CODE: Readonly<Record<string, number>> = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  INTERNAL: 13,
  UNAVAILABLE: 14,
};

let standIn: FirestoreStandIn;
let db: RestFirestore;
beforeEach(async () => {
  standIn = await startFirestoreStandIn();
  db = new RestFirestore({
    projectId: 'p',
    endpoint: { origin: standIn.origin, authorization: async () => 'Bearer owner' },
    callRetry: { initialMs: 1, multiplier: 1, maxMs: 1 },
  });
});
afterEach(async () => {
  await db.close();
  await standIn.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as RestFirestoreError,
  );

describe('the retry table: batchGet', () => {
  it.each(['DEADLINE_EXCEEDED', 'INTERNAL', 'UNAVAILABLE', 'RESOURCE_EXHAUSTED'])(
    'sends a read again after %s and answers what the next attempt read',
    async (status) => {
      await db.doc('c/a').set({ v: 1 });
      standIn.fail('batchGet', { status });
      const snap = await db.doc('c/a').get();
      expect(snap.get('v')).toBe(1);
      expect(standIn.calls('batchGet')).toHaveLength(2);
    },
  );

  it.each([
    'ABORTED',
    'INVALID_ARGUMENT',
    'PERMISSION_DENIED',
    'NOT_FOUND',
    'UNKNOWN',
    'CANCELLED',
    'FAILED_PRECONDITION',
  ])('fails a read at once with %s', async (status) => {
    standIn.fail('batchGet', { status });
    const error = await failure(db.doc('c/a').get());
    expect(error?.code).toBe(CODE[status]);
    expect(standIn.calls('batchGet')).toHaveLength(1);
  });

  it('sends a read again when its answer streamed an INTERNAL error entry part way', async () => {
    await db.batch().set(db.doc('c/a'), { v: 'a' }).set(db.doc('c/b'), { v: 'b' }).commit();
    standIn.fail('batchGet', { entryError: 'INTERNAL' });
    const snaps = await db.getAll(db.doc('c/a'), db.doc('c/b'));
    expect(snaps.map((snap) => snap.get('v'))).toEqual(['a', 'b']);
    expect(standIn.calls('batchGet')).toHaveLength(2);
  });

  it('fails a read with the code of an error entry the table does not retry, never reading the rest as missing', async () => {
    await db.batch().set(db.doc('c/a'), { v: 'a' }).set(db.doc('c/b'), { v: 'b' }).commit();
    standIn.fail('batchGet', { entryError: 'PERMISSION_DENIED' });
    const error = await failure(db.getAll(db.doc('c/a'), db.doc('c/b')));
    expect(error?.code).toBe(7);
    expect(standIn.calls('batchGet')).toHaveLength(1);
  });

  it('sends a read again when its answer lacks a document asked for', async () => {
    await db.doc('c/b').set({ v: 'b' });
    standIn.fail('batchGet', { dropEntry: true });
    const snaps = await db.getAll(db.doc('c/a'), db.doc('c/b'));
    expect(snaps.map((snap) => [snap.exists, snap.get('v')])).toEqual([
      [false, undefined],
      [true, 'b'],
    ]);
    expect(standIn.calls('batchGet')).toHaveLength(2);
  });

  it('fails unavailable, naming no document, when the answers keep lacking one', async () => {
    const once = new RestFirestore({
      projectId: 'p',
      endpoint: { origin: standIn.origin, authorization: async () => 'Bearer owner' },
      callRetry: { totalMs: 0 },
    });
    standIn.fail('batchGet', { dropEntry: true });
    const error = await failure(once.getAll(once.doc('c/secret-id'), once.doc('c/other-id')));
    await once.close();
    expect(error?.code).toBe(14);
    expect(error?.message).toBe('UNAVAILABLE: batchGet answered without 1 of the 2 documents asked for');
  });
});

describe('the retry table: commit', () => {
  const plainSet = () => db.batch().set(db.doc('c/a'), { v: 1 });

  it.each(['ABORTED', 'RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'DEADLINE_EXCEEDED', 'INTERNAL'])(
    'sends a plain commit once after %s (the SDK sends one again after ABORTED, RESOURCE_EXHAUSTED, UNAVAILABLE)',
    async (status) => {
      standIn.fail('commit', { status });
      const error = await failure(plainSet().commit());
      expect(error?.code).toBe(CODE[status]);
      expect(standIn.calls('commit')).toHaveLength(1);
    },
  );

  /** Commits whose every write a first application would fence off. */
  const fenced: Record<string, () => Promise<DocumentBatch>> = {
    'a create': async () => db.batch().create(db.doc('c/new'), { v: 1 }),
    'an update at an update time': async () => {
      const [written] = await db.batch().set(db.doc('c/t'), { v: 1 }).commit();
      return db.batch().update(db.doc('c/t'), { v: 2 }, { lastUpdateTime: written?.writeTime as RestTimestamp });
    },
    'a delete of a document that must exist': async () => {
      await db.doc('c/d').set({ v: 1 });
      return db.batch().delete(db.doc('c/d'), { exists: true });
    },
  };

  for (const [what, make] of Object.entries(fenced)) {
    it.each(['ABORTED', 'RESOURCE_EXHAUSTED'])(`sends ${what} again after %s, applied once`, async (status) => {
      const batch = await make();
      const before = standIn.applied();
      standIn.fail('commit', { status });
      await batch.commit();
      expect(
        standIn
          .calls('commit')
          .slice(-2)
          .map((call) => call.body),
      ).toEqual([
        expect.objectContaining({ writes: expect.any(Array) }),
        expect.objectContaining({ writes: expect.any(Array) }),
      ]);
      expect(standIn.applied() - before).toBe(1);
    });

    it.each(['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'INTERNAL'])(
      `sends ${what} once after %s: it may have been applied`,
      async (status) => {
        const batch = await make();
        const sent = standIn.calls('commit').length;
        standIn.fail('commit', { status });
        expect((await failure(batch.commit()))?.code).toBe(CODE[status]);
        expect(standIn.calls('commit').length - sent).toBe(1);
      },
    );
  }

  it('sends a commit once after ABORTED when one of its writes is not fenced', async () => {
    standIn.fail('commit', { status: 'ABORTED' });
    const batch = db.batch().create(db.doc('c/new'), { v: 1 }).set(db.doc('c/other'), { v: 1 });
    expect((await failure(batch.commit()))?.code).toBe(10);
    expect(standIn.calls('commit')).toHaveLength(1);
  });

  it('sends an update of a document that must exist once after ABORTED: applied, its precondition still holds', async () => {
    await db.doc('c/u').set({ v: 1 });
    standIn.fail('commit', { status: 'ABORTED' });
    expect((await failure(db.batch().update(db.doc('c/u'), { v: 2 }).commit()))?.code).toBe(10);
    expect(standIn.calls('commit').map((call) => call.body.writes?.[0]?.currentDocument)).toEqual([
      undefined,
      { exists: true },
    ]);
  });
});

describe('the retry table: rollback', () => {
  it('sends a rollback again after UNAVAILABLE (in the background: the transaction’s error is already the caller’s)', async () => {
    standIn.fail('rollback', { status: 'UNAVAILABLE' });
    const failed = db.runTransaction(async (tx) => {
      await tx.get(db.doc('c/a'));
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    await expect.poll(() => standIn.calls('rollback').length).toBe(2);
  });
});

describe('isFenced and retriedCodes', () => {
  const name = `${ROOT}/c/a`;
  it('fences a write that a first application would make fail again, and no other', () => {
    expect(isFenced({ update: { name, fields: {} }, currentDocument: { exists: false } })).toBe(true);
    expect(isFenced({ update: { name, fields: {} }, currentDocument: { updateTime: '2026-01-01T00:00:00Z' } })).toBe(
      true,
    );
    expect(isFenced({ delete: name, currentDocument: { exists: true } })).toBe(true);
    expect(isFenced({ delete: name, currentDocument: { updateTime: '2026-01-01T00:00:00Z' } })).toBe(true);
    expect(isFenced({ update: { name, fields: {} }, currentDocument: { exists: true } })).toBe(false);
    expect(isFenced({ delete: name, currentDocument: { exists: false } })).toBe(false);
    expect(isFenced({ update: { name, fields: {} } })).toBe(false);
    expect(isFenced({ delete: name })).toBe(false);
  });

  it('never sends a transaction’s commit again by itself', () => {
    const writes = [{ update: { name, fields: {} }, currentDocument: { exists: false } }];
    expect([...retriedCodes('commit', { writes })]).toEqual([10, 8]);
    expect([...retriedCodes('commit', { writes, transaction: 'tx' })]).toEqual([]);
    expect([...retriedCodes('commit', { writes: [] })]).toEqual([]);
  });

  it("sends a count again after gax's RunAggregationQuery codes (DEADLINE_EXCEEDED, INTERNAL, UNAVAILABLE)", () => {
    expect([...retriedCodes('runAggregationQuery', {})].sort((a, b) => a - b)).toEqual([4, 13, 14]);
  });
});
