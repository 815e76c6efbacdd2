import { Firestore } from '@google-cloud/firestore';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import type { DocumentDb } from './document-db.js';
import { RestFirestore } from './rest-firestore.js';
import { type RecordedCall, type RecordingProxy, startRecordingProxy } from './test-utils/recording-proxy.js';
import { sdkOverRest } from './test-utils/sdk-over-rest.js';

// On the emulator, the REST client's calls beside the SDK's: the SDK speaking REST (`preferRest`)
// and the REST client each go through a proxy that records what they send — which calls, in which
// order, in which transaction, with which routing headers. Then a named database, and a project
// found only on the first call.

const host = firestoreEmulatorHost();
const proxies: RecordingProxy[] = [];
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

async function recorded(): Promise<RecordingProxy> {
  const proxy = await startRecordingProxy(host as string);
  proxies.push(proxy);
  return proxy;
}

function rest(options: ConstructorParameters<typeof RestFirestore>[0]): RestFirestore {
  const db = new RestFirestore(options);
  closers.push(() => db.close());
  return db;
}

function sdk(made: Firestore): Firestore {
  closers.push(() => made.terminate());
  return made;
}

/**
 * A call as far as the two clients must agree: its method, what its body holds, its routing —
 * the project's id, each client's own, written P. Where the two write the same thing two ways,
 * it is read one way: the SDK escapes `(default)` in the URL, and leaves out an empty `writes`.
 */
function shapeOf(call: RecordedCall, projectId: string) {
  const { newTransaction, transaction, documents, writes } = call.body as Record<string, unknown[] | undefined>;
  const header = (name: string) => String(call.headers[name]).replaceAll(projectId, 'P');
  return {
    method: call.method,
    resource: decodeURIComponent(call.resource).replaceAll(projectId, 'P'),
    documents: documents?.length,
    writes: call.method === 'commit' ? (writes?.length ?? 0) : writes,
    newTransaction,
    inTransaction: transaction !== undefined,
    prefix: header('google-cloud-resource-prefix'),
    params: header('x-goog-request-params'),
  };
}

/** What a kit store does, written once for both clients. */
const SCENARIOS: Record<string, (db: DocumentDb) => Promise<unknown>> = {
  'a transaction that reads, then writes': (db) =>
    db.runTransaction(async (tx) => {
      const n = ((await tx.get(db.doc('c/n'))).get('n') as number | undefined) ?? 0;
      tx.set(db.doc('c/n'), { n: n + 1 });
    }),
  'a transaction that only writes': (db) =>
    db.runTransaction(async (tx) => {
      tx.set(db.doc('c/w'), { v: 1 });
    }),
  'a transaction that only reads': (db) => db.runTransaction((tx) => tx.get(db.doc('c/n'))),
  'a transaction whose first reads go at once': (db) =>
    db.runTransaction(async (tx) => {
      const [a, b] = await Promise.all([tx.get(db.doc('c/a')), tx.get(db.doc('c/b'))]);
      tx.set(db.doc('c/ab'), { both: a.exists && b.exists });
    }),
  'a transaction whose function throws after a read': (db) =>
    db
      .runTransaction(async (tx) => {
        await tx.get(db.doc('c/n'));
        throw new Error('changed my mind');
      })
      .catch(() => undefined),
  'a batch, then a read of two documents': async (db) => {
    await db.batch().set(db.doc('c/a'), { v: 'a' }).create(db.doc('c/b'), { v: 'b' }).commit();
    await db.getAll(db.doc('c/a'), db.doc('c/b'));
  },
};

describe.skipIf(!host)('RestFirestore beside the SDK, call for call', () => {
  it.each(Object.keys(SCENARIOS))(
    '%s: the same calls, in the same transactions, with the same routing headers',
    async (name) => {
      const scenario = SCENARIOS[name] as (db: DocumentDb) => Promise<unknown>;
      const [sdkProject, restProject] = [demoProjectId('calls-sdk'), demoProjectId('calls-rest')];
      const [viaSdk, viaRest] = [await recorded(), await recorded()];
      await scenario(sdk(sdkOverRest(viaSdk.host, sdkProject, 'other')) as unknown as DocumentDb);
      await scenario(rest({ projectId: restProject, databaseId: 'other', endpoint: emulatorAt(viaRest.host) }));
      // A rollback goes unawaited in both: wait for it to be sent.
      await expect.poll(() => viaSdk.calls.length).toBeGreaterThan(0);
      await expect.poll(() => viaRest.calls.length).toBe(viaSdk.calls.length);
      expect(viaRest.calls.map((call) => shapeOf(call, restProject))).toEqual(
        viaSdk.calls.map((call) => shapeOf(call, sdkProject)),
      );
      expect(viaRest.calls[0]?.resource).toBe(`/v1/projects/${restProject}/databases/other/documents`);
    },
  );

  it('sends the routing headers the SDK sends for the default database', async () => {
    const projectId = demoProjectId('calls');
    const [viaSdk, viaRest] = [await recorded(), await recorded()];
    await sdk(sdkOverRest(viaSdk.host, projectId)).doc('c/a').get();
    await rest({ projectId, endpoint: emulatorAt(viaRest.host) })
      .doc('c/a')
      .get();
    expect(shapeOf(viaRest.calls[0] as RecordedCall, projectId)).toEqual(
      shapeOf(viaSdk.calls[0] as RecordedCall, projectId),
    );
    expect(viaRest.calls[0]?.headers['x-goog-request-params']).toBe(
      `database=projects%2F${projectId}%2Fdatabases%2F(default)`,
    );
  });
});

const emulatorAt = (at: string) => ({ origin: `http://${at}`, authorization: async () => 'Bearer owner' });

describe.skipIf(!host)('RestFirestore on a named database', () => {
  it('writes to database `other` what the SDK reads there, and not in (default)', async () => {
    const projectId = demoProjectId('named');
    const client = (databaseId: string) =>
      sdk(
        new Firestore({
          projectId,
          databaseId,
          host: host as string,
          ssl: false,
          customHeaders: { Authorization: 'Bearer owner' },
        }),
      );
    const db = rest({ projectId, databaseId: 'other', endpoint: emulatorAt(host as string) });
    expect(db.root).toBe(`projects/${projectId}/databases/other/documents`);
    await db.doc('c/a').set({ where: 'other' });
    expect((await client('other').doc('c/a').get()).data()).toEqual({ where: 'other' });
    expect((await client('(default)').doc('c/a').get()).exists).toBe(false);
    // And back: what the SDK wrote in `other`, the REST client reads there.
    await client('other').doc('c/b').set({ by: 'sdk' });
    expect((await db.doc('c/b').get()).data()).toEqual({ by: 'sdk' });
    const inDefault = rest({ projectId, endpoint: emulatorAt(host as string) });
    expect((await inDefault.doc('c/b').get()).exists).toBe(false);
  });
});

describe.skipIf(!host)('RestFirestore with a project only its endpoint knows', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const withoutProjectInEnv = () => {
    for (const name of ['GCLOUD_PROJECT', 'GOOGLE_CLOUD_PROJECT', 'FIREBASE_CONFIG']) vi.stubEnv(name, undefined);
  };

  it('asks the endpoint for the project once, on the first call, and writes gathered before it there', async () => {
    withoutProjectInEnv();
    const projectId = demoProjectId('lazy');
    let asked = 0;
    const db = rest({
      endpoint: {
        ...emulatorAt(host as string),
        projectId: async () => {
          asked++;
          return projectId;
        },
      },
    });
    expect(db.root).toBeUndefined();
    const batch = db.batch().set(db.doc('c/early'), { ref: db.doc('c/target') });
    expect(asked).toBe(0);
    await Promise.all([db.doc('c/x').get(), db.doc('c/y').get()]);
    expect(asked).toBe(1);
    expect(db.root).toBe(`projects/${projectId}/databases/(default)/documents`);
    await batch.commit();
    const read = sdk(
      new Firestore({ projectId, host: host as string, ssl: false, customHeaders: { Authorization: 'Bearer owner' } }),
    );
    const early = (await read.doc('c/early').get()).get('ref');
    expect(early.path).toBe('c/target');
    expect(early.firestore.projectId).toBe(projectId);
  });

  it('fails a call whose project lookup failed, and asks again on the next', async () => {
    withoutProjectInEnv();
    const projectId = demoProjectId('lazy');
    const answers = [Promise.reject(new Error('metadata server down')), Promise.resolve(projectId)];
    for (const answer of answers) answer.catch(() => {});
    const db = rest({
      endpoint: { ...emulatorAt(host as string), projectId: () => answers.shift() as Promise<string> },
    });
    await expect(db.doc('c/a').get()).rejects.toThrow('metadata server down');
    await expect(db.doc('c/a').get()).resolves.toMatchObject({ exists: false });
    expect(answers).toHaveLength(0);
  });

  it('throws a TypeError when neither the options, the environment nor the endpoint name a project', () => {
    withoutProjectInEnv();
    expect(() => new RestFirestore({ endpoint: emulatorAt(host as string) })).toThrow(TypeError);
  });
});
