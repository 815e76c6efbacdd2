import {
  applyJsonPatch,
  artifactsOf,
  artifactsOn,
  branchesOf,
  PAYLOAD_LIMITS,
  SessionDocSchema,
  snapshotsOf,
  type WireChunk,
} from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCallFlow } from '../callable/on-call-flow.js';
import { callableRequest, recordingResponse } from '../callable/test-utils/callable-request.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { SESSION_LIMITS } from '../session/session-limits.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { type NotesAgentOptions, notesAgent } from './test-utils/artifact-agent.js';

// Artifacts and state streams over FirestoreSessionStore, through the callable as a client calls
// it: an artifact rides the write that journals its call (no write, no read of its own), and the
// session document a watcher reads holds it and the state the stream folds to.

const host = firestoreEmulatorHost();
let firestore: Firestore | undefined;
let tenants = 0;
afterAll(async () => firestore?.terminate());
// The emulator's first write of a project can outlast the store's time bound on a loaded machine:
// made here, under the hook's timeout, so no test's turn pays for it.
beforeAll(async () => {
  if (!host) return;
  firestore ??= emulatorFirestore(host, demoProjectId('artifacts'));
  await firestore.collection('warm').doc('up').set({ at: 1 });
});

function world(options: NotesAgentOptions = {}) {
  firestore ??= emulatorFirestore(host as string, demoProjectId('artifacts'));
  const ops: StoreOperation[] = [];
  const prefix = `art${tenants++}_`;
  const store = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => ops.push(op) });
  const fn = onCallFlow({}, notesAgent(store, options).agent);
  const call = async (data: { sessionId?: string; message: string; snapshotId?: string }) => {
    const response = recordingResponse();
    const streaming = { uid: 'alice', acceptsStreaming: true };
    const result = (await fn.run(callableRequest(data, streaming), response)) as { sessionId: string };
    return { result, chunks: response.chunks };
  };
  const doc = async (id: string) =>
    SessionDocSchema.parse((await (firestore as Firestore).collection(`${prefix}sessions`).doc(id).get()).data());
  const cost = () => ({
    reads: ops.reduce((n, op) => n + op.reads, 0),
    writes: ops.reduce((n, op) => n + op.writes, 0),
  });
  return { ops, call, doc, cost };
}

const ofType = <T extends WireChunk['type']>(chunks: WireChunk[], type: T) =>
  chunks.filter((c): c is Extract<WireChunk, { type: T }> => c.type === type);

describe.skipIf(!host)('artifacts and state over FirestoreSessionStore', () => {
  it('keeps a warm text turn at 0 reads and 2 writes', async () => {
    const w = world();
    const { result } = await w.call({ message: 'note:a' });
    w.ops.length = 0;
    await w.call({ sessionId: result.sessionId, message: 'hello' });
    expect(w.cost()).toEqual({ reads: 0, writes: 2 });
  });

  it('writes an artifact in the write that journals its call: a warm turn with one costs what one without does', async () => {
    const w = world();
    const { result } = await w.call({ message: 'note:a' });
    const id = result.sessionId;
    w.ops.length = 0;
    await w.call({ sessionId: id, message: 'publish:plain:x;publish:plain2:y' });
    const without = w.cost();
    const artifacts = artifactsOf((await w.doc(id)).artifacts);
    w.ops.length = 0;
    await w.call({ sessionId: id, message: 'publish:report:Q3;publish:chart:bars' });
    expect(w.cost()).toEqual(without);
    expect(without.reads).toBe(0);
    expect(artifacts.map((a) => a.name)).toEqual(['plain', 'plain2']);
  });

  it('keeps the session document under 1 MiB with its state, its artifacts and its tail each near their limit', async () => {
    const w = world();
    // '€' is 3 bytes of UTF-8: each limit is reached in bytes, the tail in code units.
    const state = Math.floor(SESSION_LIMITS.stateBytes / 3) - 100;
    const part = Math.floor(SESSION_LIMITS.artifactsBytes / 9) - 100;
    const { result } = await w.call({ message: `note:€*${state}` });
    const id = result.sessionId;
    await w.call({ sessionId: id, message: ['a', 'b', 'c'].map((n) => `publish:${n}:€*${part}`).join(';') });
    const sizes: number[] = [];
    for (let i = 0; i < 4; i++) {
      await w.call({ sessionId: id, message: '€'.repeat(PAYLOAD_LIMITS.textChars - 10) });
      sizes.push(Buffer.byteLength(JSON.stringify(await w.doc(id))));
    }
    const doc = await w.doc(id);
    expect(artifactsOf(doc.artifacts)).toHaveLength(3);
    expect(Buffer.byteLength(doc.state as string)).toBeGreaterThan(SESSION_LIMITS.stateBytes - 1000);
    expect(Math.max(...sizes)).toBeLessThan(1_000_000);
  });

  it('shows a watcher the artifacts and the state the stream folds to, in the session document', async () => {
    const w = world();
    const first = await w.call({ message: 'note:a;publish:report:v1' });
    const id = first.result.sessionId;
    const second = await w.call({ sessionId: id, message: 'publish:report:v2;note:b' });
    const doc = await w.doc(id);
    expect(
      artifactsOn(artifactsOf(doc.artifacts), branchesOf(doc.branches), 'b0').map((a) => [
        a.name,
        a.version,
        a.parts[0],
      ]),
    ).toEqual([['report', 2, { text: 'v2' }]]);
    const state = JSON.parse(doc.state as string);
    const folded = ofType(second.chunks, 'state').reduce<unknown>((s, c) => applyJsonPatch(s, c.patch), undefined);
    expect(folded).toEqual(state);
    expect(state).toEqual({ count: 4, notes: ['a', 'b'] });
    const streamed = [...ofType(first.chunks, 'artifact'), ...ofType(second.chunks, 'artifact')];
    expect(streamed.map((c) => [c.name, c.version])).toEqual([
      ['report', 1],
      ['report', 2],
    ]);
  });

  it('shows a fork read back cold only its history’s artifacts, and the branch it left its own', async () => {
    const w = world();
    const { result } = await w.call({ message: 'publish:report:v1' });
    const id = result.sessionId;
    await w.call({ sessionId: id, message: 'publish:report:v2;publish:chart:bars' });
    const first = snapshotsOf((await w.doc(id)).snapshots)[0]?.id as string;
    w.ops.length = 0;
    const fork = await w.call({ sessionId: id, message: 'publish:memo:m', snapshotId: first });
    expect(ofType(fork.chunks, 'artifact').map((c) => [c.name, c.version])).toEqual([['memo', 1]]);
    const doc = await w.doc(id);
    const versions = artifactsOf(doc.artifacts);
    const on = (branch: string) =>
      artifactsOn(versions, branchesOf(doc.branches), branch).map((a) => [a.name, a.version, a.parts[0]]);
    expect(on('b1')).toEqual([
      ['memo', 1, { text: 'm' }],
      ['report', 1, { text: 'v1' }],
    ]);
    expect(on('b0')).toEqual([
      ['chart', 1, { text: 'bars' }],
      ['report', 2, { text: 'v2' }],
    ]);
  });

  it('stores the agent’s own artifact with the write that ends the turn: a warm text turn stays 0 reads and 2 writes', async () => {
    const w = world({ onTurnEnd: (turn) => turn.artifact('summary', [{ text: turn.result.text }]) });
    const { result } = await w.call({ message: 'hello' });
    w.ops.length = 0;
    const warm = await w.call({ sessionId: result.sessionId, message: 'again' });
    expect(w.cost()).toEqual({ reads: 0, writes: 2 });
    expect(ofType(warm.chunks, 'artifact')).toEqual([
      { type: 'artifact', name: 'summary', version: 2, parts: [{ text: 'echo: again' }] },
    ]);
    const doc = await w.doc(result.sessionId);
    expect(artifactsOn(artifactsOf(doc.artifacts), undefined, 'b0').map((a) => [a.name, a.version])).toEqual([
      ['summary', 2],
    ]);
  });
});
