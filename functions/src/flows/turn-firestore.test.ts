import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RestFirestore } from '../kit/firestore/index.js';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

/** A fresh copy of the module (its client is made once per process). */
const fresh = async () => (await import('./turn-firestore.js')).turnFirestore;

describe('turnFirestore', () => {
  it('is the REST client, listening through firebase-admin, when the emulator is configured', async () => {
    process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:1';
    process.env.GCLOUD_PROJECT = 'demo-turns';
    const turnFirestore = await fresh();
    const db = await turnFirestore();
    expect(db).toBeInstanceOf((await import('../kit/firestore/index.js')).RestFirestore);
    expect((db as RestFirestore).root).toBe('projects/demo-turns/databases/(default)/documents');
    expect(await turnFirestore()).toBe(db);
  });

  it('is firebase-admin’s client where the REST client has no endpoint (no emulator, not on Google Cloud)', async () => {
    delete process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.K_SERVICE;
    process.env.GCLOUD_PROJECT = 'demo-turns';
    const turnFirestore = await fresh();
    const db = await turnFirestore();
    expect(db).not.toBeInstanceOf((await import('../kit/firestore/index.js')).RestFirestore);
    expect(typeof (db as { recursiveDelete?: unknown }).recursiveDelete).toBe('function');
  });

  it('is firebase-admin’s client when TURNS_FIRESTORE_CLIENT is sdk, even with the emulator configured', async () => {
    process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:1';
    process.env.GCLOUD_PROJECT = 'demo-turns';
    process.env.TURNS_FIRESTORE_CLIENT = 'sdk';
    const db = await (await fresh())();
    expect(typeof (db as { recursiveDelete?: unknown }).recursiveDelete).toBe('function');
  });
});
