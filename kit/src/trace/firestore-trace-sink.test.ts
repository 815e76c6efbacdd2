import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { firestoreTraceSink } from './firestore-trace-sink.js';
import { readTraces } from './read-traces.js';
import { recordTurn } from './record-turn.js';
import type { TurnTrace } from './turn-trace.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('traces');
let firestore: Firestore | undefined;

function traceAt(flow: string, startedAt: number): TurnTrace {
  return {
    ...recordTurn({ flow, input: 'hello', uid: 'u1' }).finish({}),
    startedAt: new Date(startedAt).toISOString(),
  };
}

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: firestoreTraceSink tests — no Firestore emulator ***\n');

describe.skipIf(!host)('firestoreTraceSink', () => {
  it('stores each trace under its id with when it started and when it expires', async () => {
    firestore ??= emulatorFirestore(host as string, projectId);
    const sink = firestoreTraceSink({ firestore, collection: 'a_traces', ttlMs: 1000 });
    const trace = traceAt('orders', 1_700_000_000_000);
    await sink(trace);
    await sink(trace);
    const docs = (await firestore.collection('a_traces').get()).docs;
    expect(docs.map((d) => d.id)).toEqual([trace.traceId]);
    const data = docs[0]?.data() as Record<string, { toMillis(): number }>;
    expect(data.at?.toMillis()).toBe(1_700_000_000_000);
    expect(data.expireAt?.toMillis()).toBe(1_700_000_001_000);
  });

  it('asks for its Firestore again on the next trace when the first getter call failed', async () => {
    firestore ??= emulatorFirestore(host as string, projectId);
    let asked = 0;
    const sink = firestoreTraceSink({
      firestore: async () => {
        asked++;
        if (asked === 1) throw new Error('Firestore not reachable yet');
        return firestore as Firestore;
      },
      collection: 'c_traces',
    });
    await expect(sink(traceAt('orders', 1_700_000_000_000))).rejects.toThrow('not reachable');
    const trace = traceAt('orders', 1_700_000_001_000);
    await sink(trace);
    await sink(traceAt('orders', 1_700_000_002_000));
    expect(asked).toBe(2);
    expect((await firestore.collection('c_traces').doc(trace.traceId).get()).exists).toBe(true);
  });
});

describe.skipIf(!host)('readTraces', () => {
  it('reads traces since a time, of one flow, across pages, and counts documents that are not traces', async () => {
    firestore ??= emulatorFirestore(host as string, projectId);
    const sink = firestoreTraceSink({ firestore: async () => firestore as Firestore, collection: 'b_traces' });
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 7; i++) await sink(traceAt(i % 2 ? 'orders' : 'transfer', t0 + i * 1000));
    await firestore
      .collection('b_traces')
      .doc('junk')
      .set({ at: new Date(t0 + 500), flow: 42 });
    const all = await readTraces(firestore, { collection: 'b_traces', pageSize: 2 });
    expect(all.traces).toHaveLength(7);
    expect(all.invalid).toBe(1);
    const recent = await readTraces(firestore, {
      collection: 'b_traces',
      since: t0 + 3000,
      flow: 'orders',
      pageSize: 2,
    });
    expect(recent.traces.map((t) => t.startedAt)).toEqual([3, 5].map((i) => new Date(t0 + i * 1000).toISOString()));
  });

  it('reads a trace stored before the rename, its model calls under turns, with them as rounds', async () => {
    firestore ??= emulatorFirestore(host as string, projectId);
    const { rounds: _rounds, ...old } = traceAt('orders', 1_700_000_000_000);
    await firestore
      .collection('d_traces')
      .doc(old.traceId)
      .set({ ...old, turns: 3, at: new Date(1_700_000_000_000) });
    const read = await readTraces(firestore, { collection: 'd_traces' });
    expect(read).toMatchObject({ invalid: 0, traces: [{ traceId: old.traceId, rounds: 3 }] });
  });
});
