import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { countOfAnswer } from './count-answer.js';
import { countWhere } from './count-where.js';
import type { DocumentDb } from './document-db.js';
import { RestFirestore } from './rest-firestore.js';
import { type RecordingProxy, startRecordingProxy } from './test-utils/recording-proxy.js';
import { sdkOverRest } from './test-utils/sdk-over-rest.js';

// countWhere over either client, on the emulator: the same counts, and the REST client's
// runAggregationQuery sent as the SDK (speaking REST) sends its `count()`.

const host = firestoreEmulatorHost();
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

/** The proto's enums as the SDK's REST fallback sends them (numbers), by the names the REST client sends. */
const OPS: Readonly<Record<string, number>> = { EQUAL: 5, AND: 1 };
const numberedOps = (query: unknown): unknown =>
  JSON.parse(JSON.stringify(query), (key, value) => (key === 'op' && typeof value === 'string' ? OPS[value] : value));

const emulatorAt = (at: string) => ({ origin: `http://${at}`, authorization: async () => 'Bearer owner' });

function rest(projectId: string, at = host as string): RestFirestore {
  const db = new RestFirestore({ projectId, endpoint: emulatorAt(at) });
  closers.push(() => db.close());
  return db;
}

function sdk(made: Firestore): DocumentDb {
  closers.push(() => made.terminate());
  return made as unknown as DocumentDb;
}

async function seed(db: DocumentDb): Promise<void> {
  const docs: Array<[string, Record<string, string>]> = [
    ['a', { ownerUid: 'ann', state: 'waiting' }],
    ['b', { ownerUid: 'ann', state: 'waiting' }],
    ['c', { ownerUid: 'ann', state: 'approved' }],
    ['d', { ownerUid: 'bob', state: 'waiting' }],
  ];
  const batch = db.batch();
  for (const [id, fields] of docs) batch.set(db.doc(`approvals/${id}`), fields);
  await batch.commit();
}

describe.skipIf(!host)('countWhere', () => {
  it('counts the same documents over the REST client as over the SDK', async () => {
    const projectId = demoProjectId('count');
    const viaSdk = sdk(emulatorFirestore(host as string, projectId));
    const viaRest = rest(projectId);
    await seed(viaRest);
    const asks: Record<string, string>[] = [
      { ownerUid: 'ann', state: 'waiting' },
      { ownerUid: 'ann' },
      { state: 'waiting' },
      { ownerUid: 'carl', state: 'waiting' },
    ];
    const counts = async (db: DocumentDb) => Promise.all(asks.map((equals) => countWhere(db, 'approvals', equals)));
    expect(await counts(viaRest)).toEqual([2, 3, 3, 0]);
    expect(await counts(viaSdk)).toEqual(await counts(viaRest));
    await expect(countWhere(viaRest, 'nothing-here', { state: 'waiting' })).resolves.toBe(0);
  });

  it("sends the SDK's runAggregationQuery (its enums by name), to the same resource", async () => {
    const projectId = demoProjectId('count-calls');
    const proxies: RecordingProxy[] = [
      await startRecordingProxy(host as string),
      await startRecordingProxy(host as string),
    ];
    closers.push(() => Promise.all(proxies.map((proxy) => proxy.close())));
    const [viaSdk, viaRest] = proxies as [RecordingProxy, RecordingProxy];
    const equals = { ownerUid: 'ann', state: 'waiting' };
    await countWhere(sdk(sdkOverRest(viaSdk.host, projectId)), 'approvals', equals);
    await countWhere(rest(projectId, viaRest.host), 'approvals', equals);
    const shape = (proxy: RecordingProxy) =>
      proxy.calls.map((call) => {
        const { structuredAggregationQuery } = call.body as {
          structuredAggregationQuery: { structuredQuery: unknown; aggregations: Array<{ count: unknown }> };
        };
        return {
          method: call.method,
          resource: decodeURIComponent(call.resource),
          query: numberedOps(structuredAggregationQuery.structuredQuery),
          counts: structuredAggregationQuery.aggregations.map((a) => a.count),
        };
      });
    expect(shape(viaRest)).toEqual(shape(viaSdk));
    expect(shape(viaRest)[0]?.method).toBe('runAggregationQuery');
  });
});

describe('countOfAnswer', () => {
  it('reads the count from the stream, fails with an error entry or an answer without one', () => {
    expect(countOfAnswer([{ result: { aggregateFields: { n: { integerValue: '7' } } }, readTime: 't' }])).toBe(7);
    expect(() => countOfAnswer([{ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'slow down' } }])).toThrow(
      /RESOURCE_EXHAUSTED/,
    );
    expect(() => countOfAnswer([{ readTime: 't' }])).toThrow(/UNAVAILABLE/);
    expect(() => countOfAnswer({})).toThrow(/UNAVAILABLE/);
  });
});
