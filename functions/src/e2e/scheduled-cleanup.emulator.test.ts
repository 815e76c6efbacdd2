import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Tenant, tenant } from '@callable-flows/kit/cleanup/test-utils/cleanup-fixtures.js';
import { emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { HOUR, staleSessions, waitingSession } from '@callable-flows/kit/test-utils/stale-sessions.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FunctionsEmulator, REPO_ROOT, startFunctionsEmulator } from './test-utils/functions-emulator.js';

// The deployed `sessionCleanup` (functions/src/index.ts, built into functions/dist) in the
// firebase-tools functions emulator, triggered the way its emulator triggers a scheduled
// function: a POST to the background trigger route of functionsEmulator.js,
// /functions/projects/<project>/triggers/<region>-<name>-<generation>. The function runs with
// its defaults: firebase-admin's default app, the default collections, notifyOwner.

const host = firestoreEmulatorHost();
const BUILT = join(REPO_ROOT, 'functions/dist/index.js');
const projectId = `demo-cleanup-e2e-${randomUUID().slice(0, 8)}`;
let emulator: FunctionsEmulator | undefined;
let firestore: Firestore | undefined;

/** POSTs the scheduler's call to the function; the trigger key comes from the emulator's own list when the guess is stale. */
async function trigger(name: string): Promise<Response> {
  const base = `http://127.0.0.1:${emulator?.functionsPort}/functions/projects/${projectId}/triggers`;
  const post = (key: string): Promise<Response> =>
    fetch(`${base}/${key}`, { method: 'POST', headers: { 'X-CloudScheduler-JobName': `firebase-schedule-${name}` } });
  const first = await post(`us-central1-${name}-0`);
  if (first.status !== 404) return first;
  // "Function … does not exist, valid functions are: a, b-1, …": a reload bumped the generation.
  const listed = (await first.text()).split(':').at(-1)?.split(',') ?? [];
  const key = listed.map((k) => k.trim()).find((k) => k.startsWith(`us-central1-${name}-`));
  if (!key) throw new Error(`no trigger for ${name} among: ${listed.join(', ')}`);
  return post(key);
}

if (!host) console.warn('\n*** SKIPPED: sessionCleanup in the functions emulator — no Firestore emulator ***\n');

describe.skipIf(!host)('sessionCleanup (functions emulator)', () => {
  let t: Tenant;

  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: build first (npm run build -w functions)`);
    firestore = emulatorFirestore(host as string, projectId);
    t = tenant(firestore, '');
    emulator = await startFunctionsEmulator({ projectId, firestoreHost: host as string });
  }, 180_000);

  afterAll(async () => {
    await emulator?.stop();
    await firestore?.terminate();
  });

  it('expires, deletes and notifies when the emulator triggers the schedule over HTTP', async () => {
    const now = Date.now();
    await t.store.createMany(staleSessions({ waiting: 40, old: 60, oldWaiting: 0, long: 0 }, now));
    await t.store.createMany([waitingSession('fresh', now - HOUR)]);
    const response = await trigger('sessionCleanup');
    expect(response.status, await response.clone().text()).toBe(200);

    expect(await t.count({ status: 'expired' })).toBe(40);
    expect(await t.count()).toBe(41);
    expect((await t.store.load('fresh'))?.session.status).toBe('interrupted');
    const notes = await (firestore as Firestore)
      .collection('notifications')
      .where('kind', '==', 'approval-expired')
      .get();
    expect(notes.size).toBe(40);
    expect(emulator?.output()).toMatch(/session cleanup: expired 40; deleted 60 session\(s\)/);

    // A second trigger finds nothing left: the run is idempotent.
    expect((await trigger('sessionCleanup')).status).toBe(200);
    expect(emulator?.output()).toMatch(/session cleanup: expired 0; deleted 0 session\(s\)/);
    expect(await t.count()).toBe(41);
  }, 120_000);
});
