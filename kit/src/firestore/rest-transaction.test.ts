import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as backoff from './backoff.js';
import { RestFirestoreError } from './rest-error.js';
import { RestFirestore } from './rest-firestore.js';
import { type FirestoreStandIn, type StandInFault, startFirestoreStandIn } from './test-utils/firestore-stand-in.js';

// Transactions as the SDK runs them (transaction.js), on a stand-in for Firestore: begun inside
// their first read, run again after the SDK's list of errors, rolled back without waiting.

vi.mock('./backoff.js', async (original) => {
  const actual = await original<typeof import('./backoff.js')>();
  return { ...actual, sleep: vi.fn(actual.sleep) };
});

const ROOT = 'projects/p/databases/(default)/documents';
/** The longest wait between attempts, small: after RESOURCE_EXHAUSTED a transaction waits about this. */
const MAX_MS = 40;

let standIn: FirestoreStandIn;
let db: RestFirestore;
beforeEach(async () => {
  vi.mocked(backoff.sleep).mockClear();
  standIn = await startFirestoreStandIn();
  db = new RestFirestore({
    projectId: 'p',
    endpoint: { origin: standIn.origin, authorization: async () => 'Bearer owner' },
    // No call is sent again by the retry table: what runs again here is the transaction.
    callRetry: { totalMs: 0 },
    transactionRetry: { initialMs: 1, multiplier: 1, maxMs: MAX_MS },
  });
});
afterEach(async () => {
  await db.close();
  await standIn.close();
});

/** Reads c/n and writes it back plus one. */
const increment = () =>
  db.runTransaction(async (tx) => {
    const n = ((await tx.get(db.doc('c/n'))).get('n') as number | undefined) ?? 0;
    tx.set(db.doc('c/n'), { n: n + 1 });
    return n + 1;
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as RestFirestoreError,
  );

const methods = () => standIn.requests.map((request) => request.method);

describe('RestFirestore.runTransaction: one attempt', () => {
  it('begins the transaction inside its first read and commits in it: no beginTransaction', async () => {
    await expect(increment()).resolves.toBe(1);
    expect(methods()).toEqual(['batchGet', 'commit']);
    const [read, commit] = standIn.requests;
    expect(read?.body.newTransaction).toEqual({ readWrite: {} });
    expect(read?.body.transaction).toBeUndefined();
    expect(commit?.body.transaction).toEqual(expect.any(String));
    expect(standIn.document(`${ROOT}/c/n`)?.fields).toEqual({ n: { integerValue: '1' } });
  });

  it('commits a transaction that read nothing as a plain atomic commit, as the SDK', async () => {
    await db.runTransaction(async (tx) => {
      tx.set(db.doc('c/a'), { v: 1 });
    });
    expect(methods()).toEqual(['commit']);
    expect(standIn.requests[0]?.body.transaction).toBeUndefined();
  });

  it('sends nothing for a transaction that neither read nor wrote', async () => {
    await expect(db.runTransaction(async () => 'nothing')).resolves.toBe('nothing');
    expect(methods()).toEqual([]);
  });

  it('ends a transaction that only read with a commit of no writes, as the SDK', async () => {
    await db.runTransaction((tx) => tx.get(db.doc('c/a')));
    expect(methods()).toEqual(['batchGet', 'commit']);
    expect(standIn.requests[1]?.body).toEqual({ writes: [], transaction: expect.any(String) });
  });

  it('begins one transaction when its first reads go at once: the others read in it', async () => {
    await db.runTransaction(async (tx) => {
      const snaps = await Promise.all([tx.get(db.doc('c/a')), tx.get(db.doc('c/b')), tx.get(db.doc('c/c'))]);
      tx.set(db.doc('c/d'), { read: snaps.length });
    });
    const reads = standIn.calls('batchGet');
    expect(reads.filter((read) => read.body.newTransaction)).toHaveLength(1);
    const id = standIn.calls('commit')[0]?.body.transaction;
    expect(reads.filter((read) => read.body.transaction === id)).toHaveLength(2);
  });

  it('refuses a read after a write, as the SDK, and does not run again', async () => {
    const error = await failure(
      db.runTransaction(async (tx) => {
        tx.set(db.doc('c/a'), { v: 1 });
        await tx.get(db.doc('c/a'));
      }),
    );
    expect(error?.message).toBe('Firestore transactions require all reads to be executed before all writes.');
    expect(methods()).toEqual([]);
  });
});

describe('RestFirestore.runTransaction: rollback', () => {
  it('fails with the update function’s error without waiting for the rollback', async () => {
    let release = () => {};
    const failed = db.runTransaction(async (tx) => {
      await tx.get(db.doc('c/a'));
      release = standIn.hold();
      throw new Error('changed my mind');
    });
    // The rollback is held unanswered by the stand-in; the caller has the error anyway.
    await expect(failed).rejects.toThrow('changed my mind');
    await expect.poll(() => standIn.calls('rollback').length).toBe(1);
    release();
    expect(standIn.calls('rollback')[0]?.body).toEqual({ transaction: expect.any(String) });
  });

  it('swallows a failed rollback: the caller gets the update function’s error', async () => {
    standIn.fail('rollback', { status: 'PERMISSION_DENIED' });
    const failed = db.runTransaction(async (tx) => {
      await tx.get(db.doc('c/a'));
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    await expect.poll(() => standIn.calls('rollback').length).toBe(1);
  });

  it('rolls back a transaction a failed read began', async () => {
    standIn.fail('batchGet', { entryError: 'PERMISSION_DENIED' });
    await db.doc('c/a').set({ v: 1 });
    const error = await failure(db.runTransaction(async (tx) => tx.get(db.doc('c/a'))));
    expect(error?.code).toBe(7);
    await expect.poll(() => standIn.calls('rollback').length).toBe(1);
  });
});

describe('RestFirestore.runTransaction: running again', () => {
  const RETRIED_BY_SDK: Array<[string, StandInFault]> = [
    ['ABORTED', { status: 'ABORTED' }],
    ['CANCELLED', { status: 'CANCELLED' }],
    ['UNKNOWN', { status: 'UNKNOWN' }],
    ['DEADLINE_EXCEEDED', { status: 'DEADLINE_EXCEEDED' }],
    ['INTERNAL', { status: 'INTERNAL' }],
    ['UNAVAILABLE', { status: 'UNAVAILABLE' }],
    ['RESOURCE_EXHAUSTED', { status: 'RESOURCE_EXHAUSTED' }],
    [
      'an expired transaction',
      { status: 'INVALID_ARGUMENT', message: 'The referenced transaction has expired or is no longer valid.' },
    ],
  ];

  it.each(RETRIED_BY_SDK)('runs again after a read failed %s, as the SDK', async (_, fault) => {
    standIn.fail('batchGet', fault);
    await expect(increment()).resolves.toBe(1);
    expect(methods()).toEqual(['batchGet', 'batchGet', 'commit']);
  });

  it('runs again after a read failed UNAUTHENTICATED twice (once is the transport’s), as the SDK', async () => {
    standIn.fail('batchGet', { status: 'UNAUTHENTICATED' }, { status: 'UNAUTHENTICATED' });
    await expect(increment()).resolves.toBe(1);
    expect(standIn.calls('batchGet')).toHaveLength(3);
  });

  it.each([
    ['PERMISSION_DENIED', { status: 'PERMISSION_DENIED' }],
    ['FAILED_PRECONDITION', { status: 'FAILED_PRECONDITION' }],
    ['NOT_FOUND', { status: 'NOT_FOUND' }],
    ['INVALID_ARGUMENT', { status: 'INVALID_ARGUMENT', message: 'Invalid field path' }],
  ] as Array<[string, StandInFault]>)('fails at once after a read failed %s, as the SDK', async (_, fault) => {
    standIn.fail('batchGet', fault);
    const error = await failure(increment());
    expect(error).toBeInstanceOf(RestFirestoreError);
    expect(standIn.calls('batchGet')).toHaveLength(1);
  });

  it.each([
    ['ABORTED', { status: 'ABORTED' }],
    ['RESOURCE_EXHAUSTED', { status: 'RESOURCE_EXHAUSTED' }],
    [
      'an expired transaction',
      { status: 'INVALID_ARGUMENT', message: 'The referenced transaction has expired or is no longer valid.' },
    ],
  ] as Array<[string, StandInFault]>)(
    'runs again after its commit was refused %s, in a retry of the transaction',
    async (_, fault) => {
      standIn.fail('commit', fault);
      await expect(increment()).resolves.toBe(1);
      const [first, second] = standIn.calls('batchGet');
      const firstId = standIn.calls('commit')[0]?.body.transaction;
      expect(first?.body.newTransaction).toEqual({ readWrite: {} });
      expect(second?.body.newTransaction).toEqual({ readWrite: { retryTransaction: firstId } });
      expect(standIn.applied()).toBe(1);
    },
  );

  it.each(['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'INTERNAL', 'UNKNOWN', 'CANCELLED'])(
    'fails after its commit failed %s: it may have been applied (the SDK runs it again)',
    async (status) => {
      standIn.fail('commit', { status });
      const error = await failure(increment());
      expect(error?.message).toContain(status);
      expect(standIn.calls('batchGet')).toHaveLength(1);
    },
  );

  it('fails after a commit reset after it was applied on a fresh connection, and does not apply it twice', async () => {
    await standIn.close();
    standIn = await startFirestoreStandIn({ keepAlive: false });
    const fresh = new RestFirestore({
      projectId: 'p',
      endpoint: { origin: standIn.origin, authorization: async () => 'Bearer owner' },
      callRetry: { totalMs: 0 },
    });
    standIn.fail('commit', { reset: 'after-apply' });
    const error = await failure(
      fresh.runTransaction(async (tx) => {
        await tx.get(fresh.doc('c/n'));
        tx.set(fresh.doc('c/n'), { n: 1 });
      }),
    );
    await fresh.close();
    expect(error?.code).toBe(14);
    expect(standIn.applied()).toBe(1);
    expect(standIn.calls('commit').map((call) => call.connection)).toEqual([2]);
    expect(methods()).toEqual(['batchGet', 'commit']);
  });

  it('is refused, not applied twice, when a commit applied and then reset on a reused connection is sent again', async () => {
    // A reset before any answer on a reused connection reads as one the server had closed while
    // idle, and the commit goes again: its transaction has ended, so Firestore refuses it.
    standIn.fail('commit', { reset: 'after-apply' });
    const error = await failure(increment());
    expect(error?.code).toBe(3);
    expect(standIn.applied()).toBe(1);
    expect(methods()).toEqual(['batchGet', 'commit', 'commit']);
  });

  it('does not run again after an error the update function threw itself, whatever its code', async () => {
    const error = await failure(
      db.runTransaction(async (tx) => {
        await tx.get(db.doc('c/a'));
        throw new RestFirestoreError(10, 'ABORTED: my own');
      }),
    );
    expect(error?.message).toBe('ABORTED: my own');
    expect(standIn.calls('batchGet')).toHaveLength(1);
  });

  it('gives up after five attempts, as the SDK', async () => {
    standIn.fail('commit', ...Array.from({ length: 6 }, () => ({ status: 'ABORTED' })));
    expect((await failure(increment()))?.code).toBe(10);
    expect(standIn.calls('batchGet')).toHaveLength(5);
    expect(standIn.calls('commit')).toHaveLength(5);
  });

  it('waits the longest after RESOURCE_EXHAUSTED, a growing wait otherwise', async () => {
    standIn.fail('commit', { status: 'ABORTED' }, { status: 'RESOURCE_EXHAUSTED' });
    await increment();
    const waits = vi.mocked(backoff.sleep).mock.calls.map(([ms]) => ms);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThan(1.5);
    expect(waits[1]).toBeGreaterThanOrEqual(MAX_MS / 2);
  });
});
