import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentDb, RestFirestore } from '@callable-flows/kit/firestore/index.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { functionsEmulatorEnv } from '@callable-flows/kit/test-utils/functions-emulator-env.js';
import { type MetadataStandIn, startMetadataStandIn } from '@callable-flows/kit/test-utils/metadata-stand-in.js';
import { withEnv } from '@callable-flows/kit/test-utils/with-env.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Which client the turns get in each environment, and that nothing asks a metadata server off
// Google Cloud: GCE_METADATA_HOST points at a stand-in that counts what it is asked.

const emulatorHost = firestoreEmulatorHost();
let metadata: MetadataStandIn;
let dir: string;
let keyFile: string;

beforeAll(async () => {
  metadata = await startMetadataStandIn();
  dir = mkdtempSync(join(tmpdir(), 'turn-firestore-'));
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  keyFile = join(dir, 'key.json');
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'key-project',
      private_key_id: 'k1',
      private_key: privateKey,
      client_email: 'turns@key-project.iam.gserviceaccount.com',
    }),
  );
});
afterAll(async () => {
  await metadata.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => metadata.reset());
afterEach(() => {
  vi.resetModules();
});

/** Every variable the choice reads, cleared; then `vars`. Metadata lookups land on the stand-in. */
const environment = (vars: Record<string, string | undefined>) => ({
  TURNS_FIRESTORE_CLIENT: undefined,
  FIRESTORE_EMULATOR_HOST: undefined,
  K_SERVICE: undefined,
  K_REVISION: undefined,
  FUNCTION_NAME: undefined,
  FUNCTION_TARGET: undefined,
  CLOUD_RUN_JOB: undefined,
  FUNCTIONS_EMULATOR: undefined,
  GOOGLE_APPLICATION_CREDENTIALS: undefined,
  CLOUDSDK_CONFIG: join(dir, 'no-gcloud'),
  GCE_METADATA_IP: undefined,
  GCE_METADATA_HOST: metadata.host,
  grpc_proxy: undefined,
  https_proxy: undefined,
  http_proxy: undefined,
  no_grpc_proxy: undefined,
  no_proxy: undefined,
  GCLOUD_PROJECT: 'demo-turns',
  ...vars,
});

/** A deployed Cloud Functions gen2 instance's own variables. */
const DEPLOYED = {
  K_SERVICE: 'orderassistant',
  K_REVISION: 'orderassistant-00007-xiz',
  FUNCTION_TARGET: 'orderAssistant',
  PORT: '8080',
};

/** Fresh copies of the module (its client is made once per process). */
const fresh = () => import('./turn-firestore.js');
const isRest = async (db: DocumentDb) =>
  db instanceof (await import('@callable-flows/kit/firestore/index.js')).RestFirestore;
const isAdmin = (db: DocumentDb) => typeof (db as { recursiveDelete?: unknown }).recursiveDelete === 'function';

describe('turnFirestore', () => {
  it.skipIf(!emulatorHost)(
    'is the REST client on the emulator when FIRESTORE_EMULATOR_HOST is set (the functions emulator with Firestore’s)',
    () =>
      withEnv(
        environment({ ...functionsEmulatorEnv('demo-turns', 'orderAssistant'), FIRESTORE_EMULATOR_HOST: emulatorHost }),
        async () => {
          const { turnEndpoint, turnFirestore } = await fresh();
          expect((await turnEndpoint())?.origin).toBe(`http://${emulatorHost}`);
          const db = await turnFirestore();
          expect(await isRest(db)).toBe(true);
          expect((db as RestFirestore).root).toBe('projects/demo-turns/databases/(default)/documents');
          expect((await db.doc('turn-firestore/none').get()).exists).toBe(false);
          expect(await turnFirestore()).toBe(db);
          expect(metadata.requests).toHaveLength(0);
        },
      ),
  );

  it('is the REST client on Google Cloud, authorized by the metadata server', () =>
    withEnv(environment(DEPLOYED), async () => {
      const { turnEndpoint, turnFirestore } = await fresh();
      const endpoint = await turnEndpoint();
      expect(endpoint?.origin).toBe('https://firestore.googleapis.com');
      await expect(endpoint?.authorization()).resolves.toBe('Bearer t1');
      expect(metadata.requests.map((r) => r.path)).toEqual([
        '/computeMetadata/v1/instance/service-accounts/default/token',
      ]);
      expect(await isRest(await turnFirestore())).toBe(true);
    }));

  it('is firebase-admin’s client in the functions emulator against a real project, asking no metadata server', () =>
    withEnv(
      environment({
        ...functionsEmulatorEnv('real-project', 'orderAssistant'),
        GOOGLE_APPLICATION_CREDENTIALS: keyFile,
      }),
      async () => {
        const { turnEndpoint, turnFirestore } = await fresh();
        expect(await turnEndpoint()).toBeUndefined();
        expect(isAdmin(await turnFirestore())).toBe(true);
        expect(metadata.requests).toHaveLength(0);
      },
    ));

  it('is firebase-admin’s client in a plain process with a key file, asking no metadata server', () =>
    withEnv(environment({ GOOGLE_APPLICATION_CREDENTIALS: keyFile }), async () => {
      const { turnEndpoint, turnFirestore } = await fresh();
      expect(await turnEndpoint()).toBeUndefined();
      expect(isAdmin(await turnFirestore())).toBe(true);
      expect(metadata.requests).toHaveLength(0);
    }));

  it('is firebase-admin’s client on Google Cloud when the SDK would reach Firestore through a proxy', () =>
    withEnv(environment({ ...DEPLOYED, https_proxy: 'http://proxy.internal:3128' }), async () => {
      const { turnEndpoint, turnFirestore } = await fresh();
      expect(await turnEndpoint()).toBeUndefined();
      expect(isAdmin(await turnFirestore())).toBe(true);
      expect(metadata.requests).toHaveLength(0);
    }));

  it('stays on REST on Google Cloud when no_proxy exempts Firestore, or only HTTPS_PROXY (which grpc-js ignores) is set', async () => {
    for (const proxy of [
      { https_proxy: 'http://proxy.internal:3128', no_proxy: '.googleapis.com' },
      { HTTPS_PROXY: 'http://proxy.internal:3128' },
    ]) {
      await withEnv(environment({ ...DEPLOYED, HTTPS_PROXY: undefined, ...proxy }), async () => {
        const { turnEndpoint } = await fresh();
        expect((await turnEndpoint())?.origin).toBe('https://firestore.googleapis.com');
      });
      vi.resetModules();
    }
  });

  it('is firebase-admin’s client when TURNS_FIRESTORE_CLIENT is sdk, even with the emulator configured', () =>
    withEnv(environment({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:1', TURNS_FIRESTORE_CLIENT: 'sdk' }), async () => {
      const { turnEndpoint, turnFirestore } = await fresh();
      expect(await turnEndpoint()).toBeUndefined();
      expect(isAdmin(await turnFirestore())).toBe(true);
    }));
});
