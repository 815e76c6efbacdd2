import { applyJsonPatch, artifactsOf, SessionDocSchema, type WireChunk } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { onCallFlow } from '../callable/on-call-flow.js';
import { callableRequest, recordingResponse } from '../callable/test-utils/callable-request.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { notesAgent } from './test-utils/artifact-agent.js';

// Artifacts and state streams over FirestoreSessionStore, through the callable as a client calls
// it: an artifact rides the write that journals its call (no write, no read of its own), and the
// session document a watcher reads holds it and the state the stream folds to.

const host = firestoreEmulatorHost();
let firestore: Firestore | undefined;
let tenants = 0;
afterAll(async () => firestore?.terminate());

function world() {
  firestore ??= emulatorFirestore(host as string, demoProjectId('artifacts'));
  const ops: StoreOperation[] = [];
  const prefix = `art${tenants++}_`;
  const store = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => ops.push(op) });
  const fn = onCallFlow({}, notesAgent(store).agent);
  const call = async (data: { sessionId?: string; message: string }) => {
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

  it('shows a watcher the artifacts and the state the stream folds to, in the session document', async () => {
    const w = world();
    const first = await w.call({ message: 'note:a;publish:report:v1' });
    const id = first.result.sessionId;
    const second = await w.call({ sessionId: id, message: 'publish:report:v2;note:b' });
    const doc = await w.doc(id);
    expect(artifactsOf(doc.artifacts).map((a) => [a.name, a.version, a.parts[0]])).toEqual([
      ['report', 2, { text: 'v2' }],
    ]);
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
});
