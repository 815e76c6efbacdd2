import { approvalId } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import type { WaitingApproval } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { DAY, staleSessions } from '../test-utils/stale-sessions.js';
import { scheduledCleanup } from './scheduled-cleanup.js';
import { type Tenant, tenant } from './test-utils/cleanup-fixtures.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('scheduled');
let firestore: Firestore | undefined;

function fresh(prefix: string): Tenant {
  firestore ??= emulatorFirestore(host as string, projectId);
  return tenant(firestore, prefix);
}

afterAll(async () => {
  await firestore?.terminate();
});

describe('scheduledCleanup', () => {
  it('declares a schedule trigger with the schedule and function options it was given', () => {
    const fn = scheduledCleanup({
      schedule: 'every 15 minutes',
      region: 'europe-west1',
      timeoutSeconds: 300,
      maxPerRun: 10,
    });
    expect(fn.__endpoint).toMatchObject({
      region: ['europe-west1'],
      timeoutSeconds: 300,
      scheduleTrigger: { schedule: 'every 15 minutes' },
    });
    expect(JSON.stringify(fn.__endpoint)).not.toContain('maxPerRun');
  });

  it('runs hourly by default', () => {
    expect(scheduledCleanup().__endpoint.scheduleTrigger).toMatchObject({ schedule: 'every 60 minutes' });
  });

  it.skipIf(!host)(
    'expires and deletes stale sessions when run through .run() with a store made on first use',
    async () => {
      const t = fresh('s0_');
      await t.store.createMany(staleSessions({ waiting: 20, old: 30, oldWaiting: 0, long: 0 }, Date.now()));
      let made = 0;
      const fn = scheduledCleanup({
        store: () => {
          made++;
          return t.store;
        },
        batchSize: 7,
      });
      await fn.run({ scheduleTime: new Date().toISOString() });
      await fn.run({ scheduleTime: new Date(Date.now() + DAY).toISOString() });
      expect(made).toBe(1);
      expect(await t.count({ status: 'expired' })).toBe(20);
      expect(await t.count()).toBe(20);
    },
  );

  it.skipIf(!host)(
    'tells a waiting approval nobody told through its onApprovalWaiting, once over two runs',
    async () => {
      const t = fresh('s1_');
      const db = firestore as Firestore;
      const waitingSince = new Date(Date.now() - 60 * 60_000);
      await db
        .collection(`${t.prefix}approvals`)
        .doc(approvalId('s-untold', 'r1'))
        .set({
          sessionId: 's-untold',
          ref: 'r1',
          tool: 'pay',
          metadata: {},
          inputDigest: 'd',
          ownerUid: 'ann',
          approverUids: ['ann'],
          approverClaim: null,
          state: 'waiting',
          waitingSince,
          expiresAt: null,
          expireAt: new Date(Date.now() + DAY),
        });
      const told: WaitingApproval[] = [];
      const fn = scheduledCleanup({ store: t.store, onApprovalWaiting: (approval) => void told.push(approval) });
      await fn.run({ scheduleTime: new Date().toISOString() });
      await fn.run({ scheduleTime: new Date().toISOString() });
      expect(told.map((a) => [a.sessionId, a.ref])).toEqual([['s-untold', 'r1']]);
    },
  );

  it.skipIf(!host)('fails the run with a message free of secrets when the store cannot be made', async () => {
    const fn = scheduledCleanup({
      store: () => {
        throw new Error('cannot reach https://firestore.example/v1?key=planted-1234567');
      },
    });
    const error = await Promise.resolve(fn.run({ scheduleTime: new Date().toISOString() })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal', message: expect.stringMatching(/^session cleanup failed after/) });
    expect(String((error as Error).message)).not.toContain('planted-1234567');
  });
});
