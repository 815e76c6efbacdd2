import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import type { DocumentBatch, DocumentDb, DocumentSnap } from './document-db.js';
import { RestFirestore } from './rest-firestore.js';
import { RestTimestamp } from './rest-timestamp.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('rest');
const sdks: Firestore[] = [];
const rests: RestFirestore[] = [];
afterAll(async () => {
  await Promise.all([...sdks.map((f) => f.terminate()), ...rests.map((r) => r.close())]);
});

function sdk(): Firestore {
  const firestore = emulatorFirestore(host as string, projectId);
  sdks.push(firestore);
  return firestore;
}

function rest(options: { listenWith?: () => Promise<DocumentDb>; listenAfterMs?: number } = {}): RestFirestore {
  const db = new RestFirestore({ projectId, ...options });
  rests.push(db);
  return db;
}

const codeOf = (error: unknown) => (error as { code?: unknown }).code;

describe.skipIf(!host)('RestFirestore', () => {
  it('writes documents the SDK reads back field for field, and reads what the SDK wrote', async () => {
    const [db, admin] = [rest(), sdk()];
    const at = new Date(Date.UTC(2026, 11, 1, 12, 0, 0, 250));
    const fields = { n: 3, d: 0.5, s: 'é', b: true, z: null, list: [1, 'two', { three: 3 }], map: { deep: { x: 1 } } };
    await db.doc('rt/one').set({ ...fields, at });
    const read = (await admin.doc('rt/one').get()).data();
    expect({ ...read, at: undefined }).toEqual({ ...fields, at: undefined });
    expect(read?.at.toMillis()).toBe(at.getTime());

    await admin.doc('rt/two').set({ ...fields, at });
    const back = await db.doc('rt/two').get();
    expect({ ...back.data(), at: undefined }).toEqual({ ...fields, at: undefined });
    expect(back.get('at')).toBeInstanceOf(RestTimestamp);
    expect(back.get('map.deep.x')).toBe(1);
    const sdkTime = (await admin.doc('rt/two').get()).updateTime;
    expect([back.updateTime?.seconds, back.updateTime?.nanoseconds]).toEqual([sdkTime?.seconds, sdkTime?.nanoseconds]);
  });

  it('reads many documents in the order asked, a missing one as not existing', async () => {
    const db = rest();
    await db.batch().set(db.doc('rt-many/a'), { v: 'a' }).set(db.doc('rt-many/c'), { v: 'c' }).commit();
    const snaps = await db.getAll(db.doc('rt-many/c'), db.doc('rt-many/b'), db.doc('rt-many/a'));
    expect(snaps.map((s: DocumentSnap) => [s.id, s.exists, s.get('v')])).toEqual([
      ['c', true, 'c'],
      ['b', false, undefined],
      ['a', true, 'a'],
    ]);
  });

  it('commits an update only while the document carries the update time it names', async () => {
    const [db, admin] = [rest(), sdk()];
    const [written] = await db.batch().create(db.doc('rt-cas/s'), { version: 1 }).commit();
    const time = written?.writeTime as RestTimestamp;
    await admin.doc('rt-cas/s').update({ version: 2 }); // another instance moves it on
    const stale = await db
      .batch()
      .update(db.doc('rt-cas/s'), { version: 3 }, { lastUpdateTime: time })
      .commit()
      .catch((e) => e);
    expect(codeOf(stale)).toBe(9);
    const current = (await db.doc('rt-cas/s').get()).updateTime as RestTimestamp;
    await db.batch().update(db.doc('rt-cas/s'), { version: 3 }, { lastUpdateTime: current }).commit();
    expect((await admin.doc('rt-cas/s').get()).get('version')).toBe(3);
  });

  it('refuses to create a document that exists (ALREADY_EXISTS) and to update one that does not (NOT_FOUND)', async () => {
    const db = rest();
    await db.batch().create(db.doc('rt-exists/a'), { a: 1 }).commit();
    const failure = (write: DocumentBatch) => write.commit().then(() => undefined, codeOf);
    expect(await failure(db.batch().create(db.doc('rt-exists/a'), { a: 2 }))).toBe(6);
    expect(await failure(db.batch().update(db.doc('rt-exists/none'), { a: 2 }))).toBe(5);
  });

  it('adds increments in a merge and deletes a field given the delete sentinel', async () => {
    const [db, admin] = [rest(), sdk()];
    const { increment } = db.fieldValues;
    await db.doc('rt-merge/u').set({ keep: 'x', tokens: increment(5), calls: { '12': increment(1) } }, { merge: true });
    await db.doc('rt-merge/u').set({ tokens: increment(2), calls: { '12': increment(1) } }, { merge: true });
    expect((await admin.doc('rt-merge/u').get()).data()).toEqual({ keep: 'x', tokens: 7, calls: { '12': 2 } });
    await db.batch().update(db.doc('rt-merge/u'), { keep: db.fieldValues.delete() }).commit();
    expect((await admin.doc('rt-merge/u').get()).data()).toEqual({ tokens: 7, calls: { '12': 2 } });
  });

  it('keeps every increment when transactions read and write one document at once', async () => {
    const [a, b] = [rest(), rest()];
    await a.doc('rt-tx/c').set({ n: 0 });
    const add = (db: RestFirestore) =>
      db.runTransaction(async (tx) => {
        const n = (await tx.get(db.doc('rt-tx/c'))).get('n') as number;
        tx.set(db.doc('rt-tx/c'), { n: n + 1 });
      });
    await Promise.all([add(a), add(b), add(a), add(b)]);
    expect((await a.doc('rt-tx/c').get()).get('n')).toBe(4);
  });

  it('leaves nothing written when a transaction’s function throws', async () => {
    const db = rest();
    await db.doc('rt-tx/rollback').set({ n: 1 });
    const failed = db.runTransaction(async (tx) => {
      await tx.get(db.doc('rt-tx/rollback'));
      tx.set(db.doc('rt-tx/rollback'), { n: 2 });
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect((await db.doc('rt-tx/rollback').get()).get('n')).toBe(1);
  });

  it('listens through the SDK once the delay has passed, and hears what was written before it attached', async () => {
    const made: string[] = [];
    const db = rest({
      listenAfterMs: 50,
      listenWith: async () => {
        made.push('sdk');
        return sdk();
      },
    });
    const heard = new Promise<unknown>((resolve) => {
      const off = db.doc('rt-listen/a').onSnapshot((snap) => {
        if (snap.get('stop') === true) {
          off();
          resolve(snap.get('stop'));
        }
      });
    });
    await db.doc('rt-listen/a').set({ stop: true });
    await expect(heard).resolves.toBe(true);
    expect(made).toEqual(['sdk']);
  });

  it('never makes the SDK client when a listener closes before the delay', async () => {
    let made = 0;
    const db = rest({
      listenAfterMs: 50,
      listenWith: async () => {
        made++;
        return sdk();
      },
    });
    const off = db.doc('rt-listen/b').onSnapshot(() => {});
    off();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(made).toBe(0);
  });

  it('fails with UNAVAILABLE when Firestore can’t be reached, once the read’s total deadline has passed', async () => {
    const db = new RestFirestore({
      projectId,
      endpoint: { origin: 'http://127.0.0.1:1', authorization: async () => '' },
      callRetry: { initialMs: 1, maxMs: 1, totalMs: 50 },
    });
    rests.push(db);
    expect(
      codeOf(
        await db
          .doc('rt/one')
          .get()
          .catch((e: unknown) => e),
      ),
    ).toBe(14);
  });

  it('reports unimplemented to a listener when no SDK client is given', () => {
    const errors: unknown[] = [];
    rest()
      .doc('rt-listen/c')
      .onSnapshot(
        () => {},
        (error) => errors.push(error),
      );
    expect(codeOf(errors[0])).toBe(12);
  });
});
