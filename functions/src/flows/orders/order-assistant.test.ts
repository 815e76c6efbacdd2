import { gate, userTexts } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { onCallFlow } from '@callable-flows/kit/callable/index.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { type DocumentDb, RestFirestore } from '@callable-flows/kit/firestore/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { InMemorySessionStore, type SessionStore } from '@callable-flows/kit/session/index.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { CallResult } from '@callable-flows/protocol';
import { type Firestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { playScript } from '../scripted-play.js';
import { type DemoData, demoFirestore, seedDemoData } from '../test-utils/demo-firestore.js';
import { defineOrderAssistant } from './order-assistant.js';
import { nextOrderMove } from './order-script.js';

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: orderAssistant tests — no Firestore emulator ***\n');

/** The test's own client (firebase-admin): it seeds and checks the orders, whichever client the tools use. */
let db: Firestore;
let data: DemoData;
let close = async () => {};
/** The client the assistant's tools read and write through, by the suite's name. */
let toolsDb: DocumentDb;

/**
 * The clients the tools run on: firebase-admin's, and the kit's REST client (what the deployed
 * assistant's tools use: the turns' client), on the same emulator project.
 */
const CLIENTS: { name: string; make: (projectId: string) => DocumentDb }[] = [
  { name: "firebase-admin's client", make: () => db },
  { name: "the kit's REST client", make: (projectId) => new RestFirestore({ projectId }) },
];

function assistant(store: SessionStore = new InMemorySessionStore()) {
  const model = scriptedModel(playScript(nextOrderMove));
  const agent = defineOrderAssistant({ model, store, db: async () => toolsDb });
  const callable = onCallFlow({}, agent);
  // Each test waits for one call before the next, so no message here is ever queued.
  const fn = {
    run: async (request: Parameters<typeof callable.run>[0]): Promise<CallResult> => {
      const result = await callable.run(request);
      if (result.status === 'queued') throw new Error(`unexpectedly queued: ${JSON.stringify(result)}`);
      return result;
    },
  };
  return { fn, model, agent };
}

const events = async (orderId: string) => (await db.collection(`orders/${orderId}/events`).get()).docs;
const status = async (orderId: string) => (await db.doc(`orders/${orderId}`).get()).get('status') as string;

describe.skipIf(!host).each(CLIENTS)('orderAssistant, its tools on $name', ({ make }) => {
  beforeAll(async () => {
    let projectId: string;
    ({ db, projectId, data, close } = await demoFirestore());
    toolsDb = make(projectId);
  });
  afterAll(async () => {
    if (toolsDb instanceof RestFirestore) await toolsDb.close();
    await close();
  });
  beforeEach(async () => {
    await db.recursiveDelete(db.collection('orders'));
    await seedDemoData(db);
  });

  const alice = () => ({ uid: data.users.alice?.uid as string });
  const bob = () => ({ uid: data.users.bob?.uid as string });

  it('interrupts for confirmation and changes nothing when asked to cancel', async () => {
    const { fn } = assistant();
    const result = await fn.run(callableRequest({ message: 'Please cancel order A-1001' }, alice()));
    expect(result.status).toBe('interrupted');
    expect(result.interrupts).toEqual([
      expect.objectContaining({
        name: 'cancelOrder',
        input: { orderId: 'A-1001', reason: 'requested by the customer' },
        metadata: expect.objectContaining({ orderId: 'A-1001', question: expect.stringContaining('A-1001') }),
      }),
    ]);
    expect(await status('A-1001')).toBe('processing');
    expect(await events('A-1001')).toHaveLength(0);
  });

  it('cancels the order with exactly one event when the user confirms by restart', async () => {
    const { fn } = assistant();
    const asked = await fn.run(callableRequest({ message: 'Please cancel order A-1001' }, alice()));
    const [interrupt] = asked.interrupts;
    const resume = {
      sessionId: asked.sessionId,
      resume: { restart: [{ ref: interrupt?.ref as string, name: 'cancelOrder' }] },
    };
    const done = await fn.run(callableRequest(resume, alice()));
    expect(done).toMatchObject({ status: 'done', text: 'Order A-1001 has been cancelled.' });
    expect(await status('A-1001')).toBe('cancelled');
    const written = await events('A-1001');
    expect(written).toHaveLength(1);
    expect(written[0]?.data()).toMatchObject({ type: 'cancelled', byUid: alice().uid, callRef: interrupt?.ref });
    // A date is stored as a timestamp, whichever client wrote it.
    expect(written[0]?.get('at')).toBeInstanceOf(Timestamp);
  });

  it('keeps the order when the user declines with a reason', async () => {
    const { fn } = assistant();
    const asked = await fn.run(callableRequest({ message: 'cancel A-1001 please' }, alice()));
    const ref = asked.interrupts[0]?.ref as string;
    const decline = [{ ref, name: 'cancelOrder', reason: 'the customer changed their mind' }];
    const resume = { sessionId: asked.sessionId, resume: { decline } };
    const done = await fn.run(callableRequest(resume, alice()));
    expect(done.text).toBe('Order A-1001 was not cancelled: the customer changed their mind.');
    expect(await status('A-1001')).toBe('processing');
    expect(await events('A-1001')).toHaveLength(0);
  });

  it('remembers the orders it looked up through a cold start and a resume, and ends with finish in one model call less', async () => {
    const store = new InMemorySessionStore();
    const first = assistant(store);
    const asked = await first.fn.run(callableRequest({ message: 'Where is my order A-1002?' }, alice()));
    // Query, then answer and finish in one message: two model calls, none after finish.
    expect(first.model.requests).toHaveLength(2);
    expect(asked.output).toEqual({ done: true, summary: asked.text });
    // Another instance after a cold start: only the store is shared.
    const second = assistant(store);
    const cancel = await second.fn.run(
      callableRequest({ sessionId: asked.sessionId, message: 'cancel A-1001' }, alice()),
    );
    expect(cancel.status).toBe('interrupted');
    const ref = cancel.interrupts[0]?.ref as string;
    const third = assistant(store);
    await third.fn.run(
      callableRequest({ sessionId: asked.sessionId, resume: { restart: [{ ref, name: 'cancelOrder' }] } }, alice()),
    );
    expect((await store.load(asked.sessionId))?.session.state).toEqual({ lookedUp: ['A-1002', 'A-1001'] });
  });

  it("answers as if the order did not exist when it is another user's", async () => {
    const { fn } = assistant();
    const result = await fn.run(callableRequest({ message: 'Cancel order A-1001' }, bob()));
    expect(result).toMatchObject({ status: 'done', text: 'I could not find order A-1001 on your account.' });
    expect(await status('A-1001')).toBe('processing');
  });

  it('answers from the order when asked for its status', async () => {
    const { fn } = assistant();
    const result = await fn.run(callableRequest({ message: 'Where is my order A-1002?' }, alice()));
    expect(result.text).toBe('Order A-1002 (Milk jug) is shipped; estimated delivery 2026-12-01.');
  });

  it('refuses to cancel without asking when the order has shipped', async () => {
    const { fn } = assistant();
    const result = await fn.run(callableRequest({ message: 'cancel A-1002' }, alice()));
    expect(result).toMatchObject({ status: 'done', text: 'Order A-1002 is shipped and can no longer be cancelled.' });
  });

  it('asks for the order id when the user gives none', async () => {
    const { fn, model } = assistant();
    const result = await fn.run(callableRequest({ message: 'cancel my order' }, alice()));
    expect(result.text).toContain('Which order');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual([
      'queryOrder',
      'cancelOrder',
      'whichAddress',
      'finish',
    ]);
  });

  it('asks which address with an interrupt and goes on with the answer when the user wants it sent elsewhere', async () => {
    const { fn } = assistant();
    const asked = await fn.run(callableRequest({ message: 'Please deliver A-1001 to a different address' }, alice()));
    expect(asked.status).toBe('interrupted');
    expect(asked.interrupts).toEqual([
      expect.objectContaining({
        name: 'whichAddress',
        input: { orderId: 'A-1001' },
        metadata: { question: 'Which address should order A-1001 be delivered to?', orderId: 'A-1001' },
      }),
    ]);
    const ref = asked.interrupts[0]?.ref as string;
    const resume = {
      sessionId: asked.sessionId,
      resume: { respond: [{ ref, name: 'whichAddress', output: { address: '1 Quay St, Bristol' } }] },
    };
    const done = await fn.run(callableRequest(resume, alice()));
    expect(done.status).toBe('done');
    expect(done.text).toContain('1 Quay St, Bristol');
    expect(await status('A-1001')).toBe('processing');
  });

  it('queues a message sent while a turn runs and answers it on the server right after, in order', async () => {
    const store = new InMemorySessionStore();
    const play = playScript(nextOrderMove);
    const hold = gate();
    const holding = gate();
    let calls = 0;
    // The second model call (the first answer to "Where is my order A-1002?") waits until the test lets it go.
    const model = scriptedModel(async (request) => {
      if (++calls === 2) {
        holding.open();
        await hold.promise;
      }
      return play(request);
    });
    const agent = defineOrderAssistant({ model, store, db: async () => toolsDb });
    const fn = onCallFlow({}, agent);
    const first = await fn.run(callableRequest({ message: 'Hello' }, alice()));
    const running = fn.run(
      callableRequest({ sessionId: first.sessionId, message: 'Where is my order A-1002?' }, alice()),
    );
    await holding.promise;
    const queued = await fn.run(
      callableRequest({ sessionId: first.sessionId, message: 'And A-1001?', requestId: 'later-1' }, alice()),
    );
    expect(queued).toEqual({ sessionId: first.sessionId, status: 'queued', requestId: 'later-1', position: 1 });
    hold.open();
    await running;
    await agent.runQueued(first.sessionId);
    const history = (await store.load(first.sessionId))?.session.history ?? [];
    expect(userTexts(history)).toEqual(['Hello', 'Where is my order A-1002?', 'And A-1001?']);
    const again = await fn.run(
      callableRequest({ sessionId: first.sessionId, message: 'And A-1001?', requestId: 'later-1' }, alice()),
    );
    expect(again).toMatchObject({ status: 'done', text: expect.stringContaining('A-1001') });
  });
});
