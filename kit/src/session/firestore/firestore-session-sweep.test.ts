import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import type { Session } from '../session-schema.js';
import { isWriteConflict } from '../session-store.js';
import type { ScannedSession } from '../session-sweep.js';
import { demoProjectId, emulatorFirestore } from '../test-utils/emulator-firestore.js';
import { longHistory, sampleSession } from '../test-utils/session-store-conformance.js';
import { FirestoreSessionStore } from './firestore-session-store.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('sweep');
const DAY = 86_400_000;
const T0 = 1_700_000_000_000;
const SMALL = { tailUnits: 400, chunkUnits: 800 };
let firestore: Firestore | undefined;
let tenants = 0;

function fixture(limits = SMALL) {
  firestore ??= emulatorFirestore(host as string, projectId);
  const prefix = `w${tenants++}_`;
  const db = firestore;
  const store = new FirestoreSessionStore({ firestore: db, prefix, limits });
  const millis = (v: unknown): number => (v as { toMillis(): number }).toMillis();
  const chunkExpiries = async (id: string): Promise<number[]> =>
    (await db.collection(`${prefix}sessions`).doc(id).collection(`${prefix}history`).get()).docs.map((d) =>
      millis(d.get('expireAt')),
    );
  const sessionExpiry = async (id: string): Promise<number> =>
    millis((await db.collection(`${prefix}sessions`).doc(id).get()).get('expireAt'));
  return { db, prefix, store, chunkExpiries, sessionExpiry };
}

function aged(id: string, updatedAt: number, status: Session['status'] = 'idle', history = longHistory(4)): Session {
  return { ...sampleSession(id, history, updatedAt), status, expireAt: updatedAt + 30 * DAY };
}

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: FirestoreSessionStore sweep tests — no Firestore emulator ***\n');

describe.skipIf(!host)('FirestoreSessionStore (sweeps and expireAt)', () => {
  it('stamps history chunks no earlier than their session and renews them when the session outlives the stamp', async () => {
    const { store, chunkExpiries, sessionExpiry } = fixture();
    let record = await store.create(aged('chunky', T0, 'idle', longHistory(40)));
    expect((await chunkExpiries('chunky')).length).toBeGreaterThan(2);
    for (const at of await chunkExpiries('chunky')) expect(at).toBeGreaterThanOrEqual(await sessionExpiry('chunky'));
    // Two TTLs later the session is still in use: its expireAt passes the chunks' stamp.
    const later = T0 + 70 * DAY;
    const next = { ...record.session, version: 2, updatedAt: later, expireAt: later + 30 * DAY };
    record = await store.write(record, { ...next, history: [...next.history, ...longHistory(2)] });
    const stamps = await chunkExpiries('chunky');
    for (const at of stamps) expect(at).toBeGreaterThanOrEqual(later + 30 * DAY);
    expect((await store.load('chunky'))?.session.history).toEqual(record.session.history);
  });

  it('renews no chunk when the session stays inside its stamp', async () => {
    const { store, chunkExpiries } = fixture();
    const record = await store.create(aged('calm', T0, 'idle', longHistory(40)));
    const before = await chunkExpiries('calm');
    const later = T0 + DAY;
    await store.write(record, { ...record.session, version: 2, updatedAt: later, expireAt: later + 30 * DAY });
    expect(await chunkExpiries('calm')).toEqual(before);
  });

  it('scans a window of ages and statuses oldest first, a page at a time, when given a cursor', async () => {
    const { store } = fixture();
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (const [i, id] of ids.entries()) await store.create(aged(id, T0 + i * DAY, 'interrupted'));
    await store.create(aged('idle-one', T0 + DAY, 'idle'));
    await store.create(aged('too-new', T0 + 10 * DAY, 'interrupted'));
    const query = { updatedBefore: T0 + 5 * DAY, updatedFrom: T0 + DAY, statuses: ['interrupted'] as const, limit: 2 };
    const first = await store.scan(query);
    const second = await store.scan({ ...query, after: first.at(-1) });
    const third = await store.scan({ ...query, after: second.at(-1) });
    expect([...first, ...second, ...third].map((s) => s.id)).toEqual(['b', 'c', 'd', 'e']);
    expect(first[0]).toMatchObject({ id: 'b', status: 'interrupted', updatedAt: T0 + DAY });
    expect(third).toEqual([]);
  });

  it('reads a scanned session whole and writes it with the scan as the expected copy', async () => {
    const { store } = fixture();
    const session = aged('whole', T0, 'interrupted', longHistory(40));
    await store.create(session);
    const [scanned] = await store.scan({ updatedBefore: T0 + 1, limit: 5 });
    const record = await scanned!.read();
    expect(record.session).toEqual(session);
    await store.write(record, { ...record.session, status: 'expired', version: 2 });
    expect((await store.load('whole'))?.session.status).toBe('expired');
  });

  it('deletes a scanned session with every chunk, and refuses when it changed after the scan', async () => {
    const { db, prefix, store } = fixture();
    await store.create(aged('gone', T0, 'idle', longHistory(40)));
    const changed = await store.create(aged('kept', T0, 'idle'));
    const scanned = await store.scan({ updatedBefore: T0 + 1, limit: 5 });
    await store.write(changed, { ...changed.session, version: 2 });
    await store.delete('gone', { expected: scanned.find((s) => s.id === 'gone')! });
    const stale = await store.delete('kept', { expected: scanned.find((s) => s.id === 'kept')! }).catch((e) => e);
    expect(isWriteConflict(stale)).toBe(true);
    const chunks = await db.collection(`${prefix}sessions`).doc('gone').collection(`${prefix}history`).get();
    expect(chunks.size).toBe(0);
    expect(await store.load('gone')).toBeUndefined();
    expect(await store.load('kept')).toBeDefined();
  });

  it('scans only the fields a sweep decides on when asked, deletes from them, and reads again what changed', async () => {
    const { db, prefix, store } = fixture();
    const parented = { ...aged('sub', T0 - 1), parent: { sessionId: 'long', ref: 't0', agent: 'shop' } };
    await store.createMany([aged('long', T0, 'idle', longHistory(40)), parented, aged('kept', T0 + 1)]);
    const whole = await store.scan({ updatedBefore: T0 + 2, limit: 5 });
    const light = await store.scan({ updatedBefore: T0 + 2, limit: 5, fieldsOnly: true });
    const fields = (s: ScannedSession) => {
      const { read: _read, ...rest } = s;
      return rest;
    };
    expect(light.map(fields)).toEqual(whole.map(fields));
    const [sub, long, kept] = light as [ScannedSession, ScannedSession, ScannedSession];
    expect(sub.parentSessionId).toBe('long');
    expect((await long.read()).session.history).toEqual(longHistory(40));
    const written = await store.write(await kept.read(), { ...(await kept.read()).session, version: 2 });
    expect(isWriteConflict(await kept.read().catch((e) => e))).toBe(true);
    await store.delete('long', { expected: long });
    const chunks = await db.collection(`${prefix}sessions`).doc('long').collection(`${prefix}history`).get();
    expect(chunks.size).toBe(0);
    expect((await store.load('kept'))?.etag).toBe(written.etag);
  });

  it('deletes a session whose document no longer parses when a sweep names it', async () => {
    const { db, prefix, store } = fixture();
    await db
      .collection(`${prefix}sessions`)
      .doc('junk')
      .set({ updatedAt: new Date(T0), history: 'not a layout' });
    const [scanned] = await store.scan({ updatedBefore: T0 + 1, limit: 5 });
    await expect(scanned!.read()).rejects.toMatchObject({ code: 'data-loss' });
    await store.delete('junk', { expected: scanned! });
    expect((await db.collection(`${prefix}sessions`).doc('junk').get()).exists).toBe(false);
  });
});
