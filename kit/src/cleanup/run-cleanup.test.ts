import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { FirestoreSessionStore } from '../session/firestore/index.js';
import type { SessionScan, SweepableSessionStore } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { DAY, HOUR, idleHistory, sessionAt, staleSessions, waitingSession } from '../test-utils/stale-sessions.js';
import type { CleanupReport } from './cleanup-report.js';
import { runCleanup } from './run-cleanup.js';
import { type Tenant, tenant } from './test-utils/cleanup-fixtures.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('cleanup');
let firestore: Firestore | undefined;
let tenants = 0;

function fresh(): Tenant {
  firestore ??= emulatorFirestore(host as string, projectId);
  return tenant(firestore, `c${tenants++}_`);
}

/** Documents a run looked at. */
const lookedAt = (r: CleanupReport): number =>
  r.expired + r.deletedSessions + r.skippedLeased + r.skippedChanged + r.errors;

const sum = (reports: readonly CleanupReport[], key: keyof CleanupReport): number =>
  reports.reduce((n, r) => n + (r[key] as number), 0);

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: runCleanup tests — no Firestore emulator ***\n');

describe.skipIf(!host)('runCleanup', () => {
  it('cleans 5,000 stale sessions in runs bounded by maxPerRun and leaves fresh interrupts alone', async () => {
    const t = fresh();
    const now = Date.now();
    const small = new FirestoreSessionStore({
      firestore: firestore as Firestore,
      prefix: t.prefix,
      limits: { tailUnits: 400, chunkUnits: 800 },
    });
    await small.createMany(staleSessions({ waiting: 2000, old: 2500, oldWaiting: 500, long: 100 }, now));
    await t.store.createMany(Array.from({ length: 50 }, (_, i) => waitingSession(`fresh${i}`, now - HOUR, i)));
    await t.store.create(waitingSession('holder', now, 0));
    expect(await t.chunkCount()).toBeGreaterThan(100);

    const expiredIds = new Set<string>();
    const reports: CleanupReport[] = [];
    for (let run = 0; run < 10; run++) {
      const onExpired = (s: { id: string }): void => void expiredIds.add(s.id);
      const report = await runCleanup({ store: t.store, maxPerRun: 1500, batchSize: 200, onExpired, clock: () => now });
      reports.push(report);
      if (!report.capped) break;
    }

    for (const report of reports) expect(lookedAt(report)).toBeLessThanOrEqual(1500);
    expect(reports.length).toBeLessThanOrEqual(5);
    expect(reports.at(-1)?.capped).toBe(false);
    expect(sum(reports, 'expired')).toBe(2000);
    expect(expiredIds.size).toBe(2000);
    expect(sum(reports, 'deletedSessions')).toBe(3000);
    expect(sum(reports, 'errors')).toBe(0);
    expect(await t.count({ status: 'expired' })).toBe(2000);
    expect(await t.count({ status: 'interrupted' })).toBe(51);
    expect(await t.count()).toBe(2051);
    expect(await t.chunkCount()).toBe(0);

    const again = await runCleanup({ store: t.store, clock: () => now });
    expect(lookedAt(again)).toBe(0);
  }, 300_000);

  it('expires and deletes each session once when two runs race', async () => {
    const t = fresh();
    const now = Date.now();
    await t.store.createMany(staleSessions({ waiting: 300, old: 300, oldWaiting: 0, long: 0 }, now));
    const hooked: string[] = [];
    const run = (): Promise<CleanupReport> =>
      runCleanup({ store: t.store, batchSize: 50, clock: () => now, onExpired: (s) => void hooked.push(s.id) });
    const reports = await Promise.all([run(), run()]);
    expect(sum(reports, 'expired')).toBe(300);
    expect(new Set(hooked).size).toBe(300);
    expect(hooked).toHaveLength(300);
    expect(sum(reports, 'deletedSessions')).toBe(300);
    expect(sum(reports, 'errors')).toBe(0);
    expect(await t.count()).toBe(300);
    expect(await t.count({ status: 'expired' })).toBe(300);
  });

  it('leaves a session alone when a turn writes it between the scan and the change', async () => {
    const t = fresh();
    const now = Date.now();
    await t.store.createMany([waitingSession('resumed', now - 2 * DAY), waitingSession('kept', now - 40 * DAY)]);
    // A resume (and a new turn) take the sessions just after each scan read them.
    const racing: SweepableSessionStore = Object.create(t.store);
    racing.scan = async (query: SessionScan) => {
      const page = await t.store.scan(query);
      for (const scanned of page) {
        const record = (await t.store.load(scanned.id))!;
        const lease = { id: 'live-turn', expiresAt: now + 60_000 };
        await t.store.write(record, {
          ...record.session,
          status: 'running',
          lease,
          version: record.session.version + 1,
        });
      }
      return page;
    };
    const report = await runCleanup({ store: racing, clock: () => now });
    expect(report).toMatchObject({ expired: 0, deletedSessions: 0, skippedChanged: 2, errors: 0 });
    for (const id of ['resumed', 'kept']) {
      expect((await t.store.load(id))?.session).toMatchObject({ status: 'running', lease: { id: 'live-turn' } });
    }
  });

  it('expires a resume whose instance died, and leaves a dead turn that waits for no one', async () => {
    const t = fresh();
    const now = Date.now();
    const lapsed = { id: 'dead-instance', expiresAt: now - DAY };
    const resume = { ...waitingSession('dead-resume', now - 2 * DAY), status: 'running' as const, lease: lapsed };
    const idle = staleSessions({ waiting: 0, old: 1, oldWaiting: 0, long: 0 }, now)[0]!;
    const turn = { ...idle, id: 'dead-turn', updatedAt: now - 2 * DAY, status: 'running' as const, lease: lapsed };
    await t.store.createMany([resume, turn]);
    const report = await runCleanup({ store: t.store, clock: () => now });
    // The dead turn has nothing pending, so it has no `waitingSince`: it is never even read.
    expect(report).toMatchObject({ expired: 1, skippedChanged: 0, skippedLeased: 0 });
    expect((await t.store.load('dead-resume'))?.session).toMatchObject({ status: 'expired', interrupts: [] });
    expect((await t.store.load('dead-resume'))?.session.lease).toBeUndefined();
    expect((await t.store.load('dead-turn'))?.session.status).toBe('running');
  });

  it('expires waiting sessions in one run when 6,000 crashed turns that wait for no one are older', async () => {
    const t = fresh();
    const now = Date.now();
    const lapsed = { id: 'dead-instance', expiresAt: now - 3 * DAY };
    const idle = staleSessions({ waiting: 0, old: 1, oldWaiting: 0, long: 0 }, now)[0]!;
    // Older than every waiting session, and more than the run may look at (maxPerRun 5,000).
    const crashed = Array.from({ length: 6000 }, (_, i) => ({
      ...idle,
      id: `crashed-${i}`,
      updatedAt: now - 3 * DAY - i,
      status: 'running' as const,
      lease: lapsed,
    }));
    await t.store.createMany(crashed);
    await t.store.createMany(staleSessions({ waiting: 30, old: 0, oldWaiting: 0, long: 0 }, now));
    const report = await runCleanup({ store: t.store, clock: () => now });
    expect(report).toMatchObject({ expired: 30, skippedChanged: 0, errors: 0, capped: false });
    expect(await t.count({ status: 'expired' })).toBe(30);
    expect(await t.count({ status: 'running' })).toBe(6000);
  }, 120_000);

  it('counts a session it cannot read and goes on with the others', async () => {
    const t = fresh();
    const now = Date.now();
    await (firestore as Firestore)
      .collection(`${t.prefix}sessions`)
      .doc('broken')
      .set({
        status: 'interrupted',
        updatedAt: new Date(now - 2 * DAY),
        waitingSince: new Date(now - 2 * DAY),
        history: 'garbage',
      });
    await t.store.createMany([waitingSession('fine', now - 2 * DAY - 1)]);
    const report = await runCleanup({ store: t.store, clock: () => now });
    expect(report).toMatchObject({ expired: 1, errors: 1 });
    expect(report.firstError).toMatch(/^data-loss: session 'broken'/);
  });

  it("deletes a sub-agent's session with its parent in one run, and keeps it while its parent is kept", async () => {
    const t = fresh();
    const now = Date.now();
    const old = now - 40 * DAY;
    const link = (parent: string) => ({ parent: { sessionId: parent, ref: 't1', agent: 'bank' } });
    await t.store.createMany([
      // The sub-agent's session is older than its parent's: the parent's call wrote after it.
      { ...sessionAt('sub-gone', old - 1, idleHistory(1), 'idle'), ...link('parent-gone') },
      sessionAt('parent-gone', old, idleHistory(1), 'idle'),
      { ...sessionAt('sub-kept', old, idleHistory(1), 'idle'), ...link('parent-kept') },
      sessionAt('parent-kept', now - HOUR, idleHistory(1), 'idle'),
    ]);
    const report = await runCleanup({ store: t.store, clock: () => now });
    expect(report).toMatchObject({ deletedSessions: 2, skippedLinked: 1, errors: 0 });
    expect(await t.store.load('sub-gone')).toBeUndefined();
    expect(await t.store.load('parent-gone')).toBeUndefined();
    expect(await t.store.load('sub-kept')).toBeDefined();
  });

  it('refuses with invalid-argument when a limit is not a positive whole number', async () => {
    const store = fresh().store;
    await expect(runCleanup({ store, maxPerRun: 0 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(runCleanup({ store, batchSize: 1.5 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(runCleanup({ store, batchSize: 501 })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
