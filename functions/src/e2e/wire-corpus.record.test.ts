import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FlowClient, flowClient, type WireCallable } from '@callable-flows/client';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { PROTOCOL_VERSION } from '@callable-flows/protocol';
import { deleteApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, Timestamp } from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import { REPO_ROOT } from './test-utils/functions-emulator.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';
import { signedInFunctions } from './test-utils/signed-in-functions.js';
import {
  CORPUS_DIR,
  type RecordedExchange,
  type RecordedScenario,
  recordingCallable,
  type WireCorpus,
} from './test-utils/wire-corpus.js';

// Records the typed client's wire traffic at this protocol version into wire-corpus/v<N>, once:
// `RECORD_WIRE_CORPUS=1 npx vitest run src/e2e/wire-corpus.record` (after a wire change bumped
// PROTOCOL_VERSION). Skipped otherwise, and refused for a version already recorded: a recording
// is never edited (wire-corpus.replay.test.ts replays every one).

const host = firestoreEmulatorHost();
const recording = process.env.RECORD_WIRE_CORPUS === '1';
const target = join(CORPUS_DIR, `v${PROTOCOL_VERSION}`);
const projectId = `demo-record-${randomUUID().slice(0, 8)}`;
const alice = demoData().users.alice as { email: string; password: string };

let stack: OrderStack | undefined;
const scenarios: RecordedScenario[] = [];
let exchanges: RecordedExchange[] = [];
let client: FlowClient;
let read: (id: string) => Promise<Record<string, unknown>>;

/** Firestore data as plain JSON, timestamps as epoch ms (what every SDK's listener can give). */
const plain = (value: unknown): unknown =>
  value instanceof Timestamp
    ? value.toMillis()
    : Array.isArray(value)
      ? value.map(plain)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
        : value;

/** Keeps the exchanges since the last scenario as scenario `name`, with session `id` as alice read it. */
async function keep(name: string, id: string, schemas: string[]): Promise<void> {
  const recorded = exchanges.map((exchange, i) => ({ ...exchange, schema: schemas[i] ?? 'call-result' }));
  scenarios.push({ name, exchanges: recorded, session: { id, user: 'alice', data: await read(id) } });
  exchanges = [];
}

describe.skipIf(!host || !recording)('recording the wire corpus', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    if (existsSync(target)) throw new Error(`${target} exists: a recorded version is never edited`);
    stack = await startOrderStack({ projectId, firestoreHost: host as string, rules: true });
    const { app, functions } = await signedInFunctions({
      projectId,
      emulator: stack.emulator,
      user: alice,
      appName: projectId,
    });
    const db = getFirestore(app);
    const [hostname, port] = (host as string).split(':');
    connectFirestoreEmulator(db, hostname as string, Number(port));
    read = async (id) => plain((await getDoc(doc(db, 'sessions', id))).data()) as Record<string, unknown>;
    const sdk = httpsCallable(functions, 'orderAssistant') as unknown as WireCallable;
    const sink = (exchange: Omit<RecordedExchange, 'user' | 'schema'>) =>
      exchanges.push({ user: 'alice', schema: '', ...exchange });
    client = flowClient(recordingCallable(sdk, sink));
    afterAll(() => deleteApp(app));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('records a streamed first message that interrupts, then its approval', async () => {
    const stream = client.stream('Hi, please cancel my order A-1001.');
    for await (const _chunk of stream) {
      // chunks are recorded by the transport
    }
    const asked = await stream.result;
    if (asked.status !== 'interrupted' || !asked.interrupts[0]) throw new Error('expected an interrupt');
    await expect(client.approve(asked.interrupts[0])).resolves.toMatchObject({ status: 'done' });
    await keep('interrupt-then-approve', asked.sessionId, ['call-result', 'call-result']);
  });

  it('records a plain message, then a stop and a withdraw the server refuses', async () => {
    const done = await client.send('Where is my order A-1002?', { sessionId: null });
    await expect(client.stop(done.sessionId)).rejects.toMatchObject({ reason: 'NOTHING_TO_STOP' });
    await expect(client.withdraw(done.sessionId, 'not-queued')).rejects.toMatchObject({ reason: 'NOT_QUEUED' });
    await keep('message-stop-withdraw', done.sessionId, ['call-result', 'stop-result', 'withdraw-result']);
  });

  it('writes the corpus and the schemas it was read with', () => {
    mkdirSync(target, { recursive: true });
    const corpus: WireCorpus = {
      protocolVersion: PROTOCOL_VERSION,
      recordedWith: '@callable-flows/client flowClient over the Firebase JS SDK',
      scenarios,
    };
    writeFileSync(join(target, 'corpus.json'), `${JSON.stringify(corpus, null, 2)}\n`);
    cpSync(join(REPO_ROOT, 'protocol/schema'), join(target, 'schema'), { recursive: true });
    expect(scenarios.map((s) => s.exchanges.length)).toEqual([2, 3]);
  });
});
