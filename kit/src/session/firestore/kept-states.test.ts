import { describe, expect, it } from 'vitest';
import { stampInterrupt, stampPendingOutput } from '../../call-state/index.js';
import { RestFirestore } from '../../firestore/index.js';
import type { Message } from '../../model/index.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import { demoProjectId } from '../test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../test-utils/firestore-store-backends.js';
import { sampleSession } from '../test-utils/session-store-conformance.js';
import { FirestoreSessionStore } from './firestore-session-store.js';
import { keptText, storedMessage, withKeptStates } from './kept-states.js';

/** A server's state as an MCP server may mint it: any string, byte for byte. */
const STATE = 'form:A-7:ünïcödé+/="\\\n😀';
const kept = { mcpQuestion: { key: 'form', requestState: STATE } };
const asking = (): Message[] => [
  { role: 'user', content: [{ text: 'ship A-7' }] },
  {
    role: 'model',
    content: [
      stampInterrupt(
        { toolRequest: { name: 'ship', ref: 'p', input: { orderId: 'A-7' } } },
        { title: 'shop asks' },
        {},
        kept,
      ),
      { toolRequest: { name: 'lookup', ref: 'l', input: {} } },
    ],
  },
];

describe('kept states in a history line', () => {
  it('stores a digest in place of the state, and gives the state back byte for byte from the kept text', () => {
    const history = asking();
    const line = JSON.stringify(storedMessage(history[1] as Message));
    expect(line).not.toContain('requestState');
    expect(line).toContain('keptDigest');
    const stored = [history[0] as Message, JSON.parse(line) as Message];
    expect(withKeptStates(stored, keptText(history))).toEqual(history);
  });

  it('reads as moved when the kept text is missing or holds another state than the digest names', () => {
    const stored = [asking()[0] as Message, storedMessage(asking()[1] as Message)];
    expect(withKeptStates(stored, undefined)).toBe('moved');
    expect(withKeptStates(stored, JSON.stringify({ p: { mcpQuestion: { key: 'form', requestState: 'other' } } }))).toBe(
      'moved',
    );
  });
});

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: kept states on Firestore — no Firestore emulator ***\n');
const projectId = demoProjectId('kept');
const backends = host ? firestoreStoreBackends(host, projectId, 'k') : undefined;
/** Limits that seal every message into a chunk, the waiting call's too. */
const TINY = { tailUnits: 10, chunkUnits: 100_000 };

describe.skipIf(!backends)('kept states on Firestore', () => {
  const client = () => (backends as NonNullable<typeof backends>).client();
  const stores = (prefix: string) => ({
    sdk: () => new FirestoreSessionStore({ firestore: client(), prefix, limits: TINY }),
    rest: () =>
      new FirestoreSessionStore({
        firestore: new RestFirestore({ projectId, listenWith: async () => client(), listenAfterMs: 0 }),
        prefix,
        limits: TINY,
      }),
  });

  it('keeps the state out of the session and its chunks, in the kept document of the same batch, and loads it on another instance', async () => {
    const open = stores('k1_');
    const store = open.sdk();
    const created = await store.create(sampleSession('s1', asking()));
    const raw = client().collection('k1_sessions').doc('s1');
    const chunks = (await raw.collection('k1_history').get()).docs;
    expect(chunks.length).toBeGreaterThan(0);
    // What the owner may read (the session, its chunks) has the digest, never the state.
    const readable = JSON.stringify([await raw.get(), ...chunks].map((doc) => doc.data()));
    expect(readable).toContain('keptDigest');
    expect(readable).not.toContain('ünïcödé');
    expect((await raw.collection('control').doc('kept').get()).get('text')).toBe(keptText(asking()));
    for (const other of [open.sdk(), open.rest()]) expect((await other.load('s1'))?.session.history).toEqual(asking());

    // The call ran: its state goes, with the document, in the write that records the result.
    const ran = asking();
    const call = ran[1]?.content[0] as Parameters<typeof stampPendingOutput>[0];
    const response = { toolResponse: { name: 'ship', ref: 'p', output: 'shipped' } };
    ran[1] = { role: 'model', content: [stampPendingOutput(call, response)] };
    await store.write(created, { ...created.session, version: 2, history: ran });
    expect((await raw.collection('control').doc('kept').get()).exists).toBe(false);
    expect((await open.rest().load('s1'))?.session.history).toEqual(ran);
  });

  it('reads again, then gives up aborted, when the kept document holds another state than the session names', async () => {
    const open = stores('k2_');
    await open.sdk().create(sampleSession('s2', asking()));
    const raw = client().collection('k2_sessions').doc('s2');
    await raw
      .collection('control')
      .doc('kept')
      .set({ text: JSON.stringify({ p: { other: true } }) });
    await expect(open.sdk().load('s2')).rejects.toMatchObject({ code: 'aborted' });
  });
});
