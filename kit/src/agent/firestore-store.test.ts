import { outcomeOf, SessionDocSchema } from '@callable-flows/protocol';
import type { DocumentReference, Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isKitError } from '../errors/index.js';
import type { GenerateRequest } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { LruSessionCache } from '../session/lru-session-cache.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { chargeTool, echoModel, effects, gate, toolThenAnswer } from './test-utils/agent-fixtures.js';

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));
const sum = (ops: readonly StoreOperation[], key: 'reads' | 'writes'): number => ops.reduce((n, op) => n + op[key], 0);

/** A Firestore client of its own: another instance. */
function client(projectId = demoProjectId('sessions')): Firestore {
  const firestore = emulatorFirestore(host as string, projectId);
  firestores.push(firestore);
  return firestore;
}

/** A store on its own Firestore client: another instance. */
function instance(projectId: string): FirestoreSessionStore {
  return new FirestoreSessionStore({ firestore: client(projectId), prefix: 'stop_' });
}

/** The one session the store holds (the test's), found by its collection. */
async function runningSessionId(store: FirestoreSessionStore): Promise<string> {
  const docs = await (store.sessionRef('x') as DocumentReference).parent.where('status', '==', 'running').get();
  return docs.docs[0]?.id ?? '';
}

describe.skipIf(!host)('defineAgent over FirestoreSessionStore', () => {
  it('reads nothing on a warm turn and one document more on a cold one when counted per turn', async () => {
    const ops: StoreOperation[] = [];
    const store = new FirestoreSessionStore({
      firestore: client(),
      prefix: 'turns_',
      onOperation: (op) => ops.push(op),
    });
    const cache = new LruSessionCache(store);
    const record = effects();
    const agent = defineAgent({ name: 'shop', model: echoModel(), store: cache });
    const shop = defineAgent({
      name: 'shop',
      model: toolThenAnswer('charge', { orderId: 'A', cents: 1 }),
      tools: [chargeTool(record)],
      store: cache,
    });
    const totals = async (turn: () => Promise<unknown>) => {
      ops.length = 0;
      await turn();
      return { reads: sum(ops, 'reads'), writes: sum(ops, 'writes') };
    };
    const { sessionId } = await agent.send(undefined, { message: 'one' }, { uid: 'u' });
    expect(await totals(() => agent.send(sessionId, { message: 'warm' }, { uid: 'u' }))).toEqual({
      reads: 0,
      writes: 2,
    });
    cache.clear();
    expect(await totals(() => agent.send(sessionId, { message: 'cold' }, { uid: 'u' }))).toEqual({
      reads: 1,
      writes: 2,
    });
    // + the model message before the side effect, and the tool's result as it finishes.
    expect(await totals(() => shop.send(sessionId, { message: 'pay' }, { uid: 'u' }))).toEqual({
      reads: 0,
      writes: 4,
    });
  });

  it('stops a turn running on one instance from another, frees the session and records which client stopped it when its owner stops it', async () => {
    const project = demoProjectId('stop-turn');
    const inRound = gate();
    const wait = defineTool(
      { name: 'wait', description: 'Takes its time.', inputSchema: z.object({}), sideEffects: 'idempotent' },
      async (_input, ctx) => {
        inRound.open();
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
        return 'late';
      },
    );
    const model = scriptedModel(async (request: GenerateRequest) =>
      request.messages.at(-1)?.role === 'user' && request.messages.length > 2
        ? 'Done.'
        : {
            message: { role: 'model', content: [{ toolRequest: { name: 'wait', ref: 'w1', input: {} } }] },
            finishReason: 'stop',
          },
    );
    const [a, b] = [instance(project), instance(project)];
    const onA = defineAgent({ name: 'slow', model, tools: [wait], store: a });
    const onB = defineAgent({ name: 'slow', model, tools: [wait], store: b });
    const first = onA.send(undefined, { message: 'go' }, { uid: 'alice', requestId: 'go-1' });
    const failure = first.then(
      () => undefined,
      (e: unknown) => e,
    );
    await inRound.promise;
    const sessionId = await runningSessionId(a);
    const stop = { uid: 'alice', requestId: 'stop-1', clientId: 'laptop' };
    await expect(onB.stop(sessionId, stop)).resolves.toEqual({ sessionId, status: 'stopped' });
    const error = await failure;
    expect(isKitError(error) && error.details?.reason).toBe('STOPPED');
    const session = (await b.load(sessionId))?.session;
    expect(session?.status).toBe('idle');
    // The document says the turn was stopped, by which client, as the protocol's codec reads it.
    const doc = SessionDocSchema.parse((await (b.sessionRef(sessionId) as DocumentReference).get()).data());
    expect(outcomeOf(doc.outcome)).toEqual({
      kind: 'stopped',
      at: expect.any(Number),
      requestId: 'go-1',
      stoppedBy: { ...stop, at: expect.any(Number) },
    });
    expect(session?.outcome).toEqual(outcomeOf(doc.outcome));
    // The stopped call's retry is told it was stopped, and runs nothing.
    await expect(onB.send(sessionId, { message: 'go' }, { uid: 'alice', requestId: 'go-1' })).rejects.toMatchObject({
      code: 'cancelled',
      details: { reason: 'STOPPED' },
    });
    expect(session?.history.at(-1)?.content[0]).toMatchObject({
      toolResponse: { ref: 'w1', output: { error: expect.stringMatching(/^stopped by the user/) } },
    });
    await expect(onB.send(sessionId, { message: 'thanks' }, { uid: 'alice' })).resolves.toMatchObject({
      text: 'Done.',
    });
  });
});
