import { outcomeOf, SessionDocSchema } from '@callable-flows/protocol';
import type { DocumentReference, Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firestoreEmulatorHost } from '../../../test-utils/firestore.js';
import { defineAgent } from '../../agent/define-agent.js';
import { gate } from '../../agent/test-utils/agent-fixtures.js';
import { isKitError } from '../../errors/index.js';
import { RestFirestore } from '../../firestore/index.js';
import type { GenerateRequest } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { defineTool } from '../../tools/index.js';
import { demoProjectId, emulatorFirestore } from '../test-utils/emulator-firestore.js';
import type { StopRecord } from '../turn-stops.js';
import { FirestoreSessionStore } from './firestore-session-store.js';

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));

/** A store on its own Firestore client: another instance. */
function instance(projectId: string): FirestoreSessionStore {
  const firestore = emulatorFirestore(host as string, projectId);
  firestores.push(firestore);
  return new FirestoreSessionStore({ firestore, prefix: 'stop_' });
}

describe.skipIf(!host)('FirestoreTurnStops', () => {
  it('tells the listener of the stopped lease, asked from another instance, and keeps the last stop', async () => {
    const project = demoProjectId('stops');
    const [a, b] = [instance(project), instance(project)];
    const heard = new Promise<StopRecord>((resolve) => {
      const off = a.stops.listen('s1', 'lease-1', (stop) => {
        off();
        resolve(stop);
      });
    });
    await b.stops.ask('s1', { leaseId: 'lease-0', at: 1 }); // another turn's: not heard
    const stop = { leaseId: 'lease-1', at: 2, requestId: 'r1', uid: 'u1', clientId: 'phone' };
    await b.stops.ask('s1', stop);
    await expect(heard).resolves.toEqual(stop);
    await expect(a.stops.last('s1')).resolves.toEqual(stop);
  });

  it('tells the listener on the REST client (listening through the SDK) of its stopped lease', async () => {
    const project = demoProjectId('stops-rest');
    const sdk = emulatorFirestore(host as string, project);
    firestores.push(sdk);
    const rest = new FirestoreSessionStore({
      firestore: new RestFirestore({ projectId: project, listenWith: async () => sdk, listenAfterMs: 0 }),
      prefix: 'stop_',
    });
    const heard = new Promise<StopRecord>((resolve) => {
      const off = rest.stops.listen('s1', 'lease-1', (stop) => {
        off();
        resolve(stop);
      });
    });
    await instance(project).stops.ask('s1', { leaseId: 'lease-1', at: 2 });
    await expect(heard).resolves.toEqual({ leaseId: 'lease-1', at: 2 });
    await expect(rest.stops.last('s1')).resolves.toEqual({ leaseId: 'lease-1', at: 2 });
  });

  it('writes expireAt, a timestamp a day after the stop, for the control collection group’s TTL policy', async () => {
    const project = demoProjectId('stop-ttl');
    const firestore = emulatorFirestore(host as string, project);
    firestores.push(firestore);
    const store = new FirestoreSessionStore({ firestore, prefix: 'stop_' });
    await store.stops.ask('s1', { leaseId: 'lease-1', at: 1_000 });
    const expireAt = (await firestore.doc('stop_sessions/s1/control/stop').get()).get('expireAt');
    expect(expireAt.toMillis()).toBe(1_000 + 24 * 60 * 60_000);
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

/** The one session the store holds (the test's), found by its collection. */
async function runningSessionId(store: FirestoreSessionStore): Promise<string> {
  const docs = await (store.sessionRef('x') as DocumentReference).parent.where('status', '==', 'running').get();
  return docs.docs[0]?.id ?? '';
}
