import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Agent, WhileBusy } from '@callable-flows/kit/agent/index.js';
import { onCallFlow } from '@callable-flows/kit/callable/index.js';
import { callableRequest, rejectionCode } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { type DocumentDb, RestFirestore } from '@callable-flows/kit/firestore/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { InMemorySessionStore } from '@callable-flows/kit/session/index.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { CallResult } from '@callable-flows/protocol';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineOrderAssistant } from '../orders/order-assistant.js';
import { nextOrderMove } from '../orders/order-script.js';
import { playScript } from '../scripted-play.js';
import { type DemoData, demoFirestore, seedDemoData } from '../test-utils/demo-firestore.js';
import { refundOrder } from './refund-order.js';
import { defineRefundsAgent } from './refunds-agent.js';
import { handleRefundsMcp } from './refunds-mcp-server.js';
import { nextRefundsMove } from './refunds-script.js';

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: refunds tests — no Firestore emulator ***\n');

// The order assistant hands a refund to the refunds agent, whose tools are the example's MCP
// server (here on loopback, over the orders of the test's emulator project).

const KEY = 'test-refunds-key';

let db: Firestore;
let data: DemoData;
let close = async () => {};
let toolsDb: DocumentDb;
let mcp: Server;
let mcpUrl: string;
/** Each request the refunds server answered, by the customer its headers named. */
let served: (string | undefined)[] = [];

beforeAll(async () => {
  mcp = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      served.push(req.headers['x-refunds-customer-uid'] as string | undefined);
      void handleRefundsMcp({ db: async () => toolsDb, key: () => KEY }, req, res, raw ? JSON.parse(raw) : undefined);
    });
  });
  await new Promise<void>((resolve) => mcp.listen(0, '127.0.0.1', resolve));
  mcpUrl = `http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await new Promise((resolve) => mcp.close(resolve));
});

const CLIENTS: { name: string; make: (projectId: string) => DocumentDb }[] = [
  { name: "firebase-admin's client", make: () => db },
  { name: "the kit's REST client", make: (projectId) => new RestFirestore({ projectId }) },
];

function assistant(key = KEY) {
  const store = new InMemorySessionStore();
  let agent: Agent<WhileBusy> | undefined;
  const refunds = defineRefundsAgent({
    model: scriptedModel(playScript(nextRefundsMove)),
    store,
    mcpUrl,
    mcpKey: () => key,
    handBack: () => agent as Agent<'queue' | 'interrupt'>,
  });
  agent = defineOrderAssistant({
    model: scriptedModel(playScript(nextOrderMove)),
    store,
    db: async () => toolsDb,
    refunds,
  });
  return { fn: onCallFlow({}, agent), store };
}

/** The assistant's words in session `id`. */
async function said(store: InMemorySessionStore, id: string): Promise<string[]> {
  const history = (await store.load(id))?.session.history ?? [];
  return history.flatMap((m) => (m.role === 'model' ? m.content.map((p) => ('text' in p ? p.text : '')) : []));
}

const events = async (orderId: string) => (await db.collection(`orders/${orderId}/events`).get()).docs;

describe.skipIf(!host).each(CLIENTS)('a refund handed to the refunds agent, on $name', ({ make }) => {
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
    served = [];
    await db.recursiveDelete(db.collection('orders'));
    await seedDemoData(db);
  });

  const alice = () => ({ uid: data.users.alice?.uid as string });
  const bob = () => ({ uid: data.users.bob?.uid as string });
  const mary = () => ({ uid: data.users.mary?.uid as string, claims: { manager: true } });

  /** Alice asks for a refund of her shipped A-1002: the call waits for a manager. */
  async function askForRefund(fn: ReturnType<typeof assistant>['fn']) {
    const asked = (await fn.run(callableRequest({ message: 'refund A-1002' }, alice()))) as Extract<
      CallResult,
      { interrupts: unknown }
    >;
    const interrupt = asked.interrupts[0];
    const approve = (requestId: string) => ({
      sessionId: asked.sessionId,
      requestId,
      resume: {
        restart: [{ ref: interrupt?.ref as string, name: 'refundOrder', inputDigest: interrupt?.inputDigest }],
      },
    });
    return { asked, interrupt, approve };
  }

  it("hands the refund to the refunds agent, which waits for a manager showing the order, its amount and the customer's own words, and changes nothing", async () => {
    const { fn, store } = assistant();
    const { asked } = await askForRefund(fn);
    expect(asked.status).toBe('interrupted');
    const session = (await store.load(asked.sessionId))?.session;
    expect(session?.agent).toBe('refunds');
    expect(session?.history.find((m) => m.metadata?.handoff)?.metadata?.handoff).toMatchObject({
      from: 'orderAssistant',
      to: 'refunds',
    });
    // Every request to the refunds server named the customer.
    expect(served.length).toBeGreaterThan(0);
    expect(new Set(served)).toEqual(new Set([alice().uid]));
    expect(asked.interrupts).toEqual([
      expect.objectContaining({
        name: 'refundOrder',
        input: {
          orderId: 'A-1002',
          item: 'Milk jug',
          status: 'shipped',
          amountCents: 2450,
          reason: 'requested by the customer',
        },
        metadata: expect.objectContaining({
          title: 'Refund €24.50 for order A-1002?',
          consequence: expect.stringContaining('The customer gets €24.50 back'),
        }),
        // What runs, labelled in words, each value saying whose words it is.
        presented: {
          fields: [
            { label: 'Order', value: 'A-1002', source: 'model' },
            { label: 'Item', value: 'Milk jug', source: 'model' },
            { label: 'Status', value: 'shipped', source: 'model' },
            { label: 'Amount', value: '€24.50', source: 'model' },
            { label: 'The customer wrote', value: 'refund A-1002', source: 'owner' },
            { label: 'Reason given', value: 'requested by the customer', source: 'model' },
          ],
        },
      }),
    ]);
    expect(await events('A-1002')).toHaveLength(0);
  });

  it('refuses the owner (a manager too) and a user without the manager claim with NOT_ALLOWED, and writes nothing', async () => {
    const { fn } = assistant();
    const { approve } = await askForRefund(fn);
    const aliceTheManager = { ...alice(), claims: { manager: true } };
    for (const who of [alice(), aliceTheManager, bob()]) {
      const refused = await rejectionCode(fn.run(callableRequest(approve(`by-${who.uid}`), who)));
      expect(refused).toMatchObject({ code: 'permission-denied', details: { reason: 'NOT_ALLOWED' } });
    }
    expect(await events('A-1002')).toHaveLength(0);
    expect((await db.doc('orders/A-1002').get()).get('refunded')).toBeUndefined();
  });

  it("refunds once when a manager approves: the customer's order, the manager recorded, the answer in the customer's session", async () => {
    const { fn, store } = assistant();
    const { asked, interrupt, approve } = await askForRefund(fn);
    const answered = await fn.run(callableRequest(approve('mary-1'), mary()));
    expect(answered).toMatchObject({
      sessionId: asked.sessionId,
      status: 'answered',
      answered: [{ ref: interrupt?.ref, name: 'refundOrder', answer: 'restart' }],
    });
    // The same answer again (a retry under its request id), and a second answer: still one refund.
    expect(await fn.run(callableRequest(approve('mary-1'), mary()))).toMatchObject({ status: 'answered' });
    const again = await rejectionCode(fn.run(callableRequest(approve('mary-2'), mary())));
    expect(again).toMatchObject({ code: 'failed-precondition', details: { reason: 'ALREADY_ANSWERED' } });
    const written = await events('A-1002');
    expect(written).toHaveLength(1);
    expect(written[0]?.id).toBe(`refund-${interrupt?.ref?.replace(/[^A-Za-z0-9_-]/g, '_')}`);
    expect(written[0]?.data()).toMatchObject({
      type: 'refunded',
      byUid: alice().uid,
      approvedBy: mary().uid,
      callRef: interrupt?.ref,
    });
    expect((await db.doc('orders/A-1002').get()).get('refunded')).toBe(true);
    expect(await said(store, asked.sessionId)).toContain('Order A-1002 has been refunded.');
  });

  it('tells the customer a manager declined, with their reason, and refunds nothing', async () => {
    const { fn, store } = assistant();
    const { asked, interrupt } = await askForRefund(fn);
    const decline = [{ ref: interrupt?.ref as string, name: 'refundOrder', reason: 'outside the return window' }];
    await fn.run(callableRequest({ sessionId: asked.sessionId, resume: { decline } }, mary()));
    expect(await events('A-1002')).toHaveLength(0);
    expect(await said(store, asked.sessionId)).toContain('Order A-1002 was not refunded: outside the return window.');
  });

  it('hands the conversation back to the order assistant for a question that is not a refund, in the same turn', async () => {
    const { fn, store } = assistant();
    const { asked, interrupt } = await askForRefund(fn);
    const decline = [{ ref: interrupt?.ref as string, name: 'refundOrder' }];
    await fn.run(callableRequest({ sessionId: asked.sessionId, resume: { decline } }, mary()));
    const next = await fn.run(callableRequest({ sessionId: asked.sessionId, message: 'where is A-1001?' }, alice()));
    expect(next).toMatchObject({ status: 'done', text: expect.stringContaining('Order A-1001 (') });
    expect((await store.load(asked.sessionId))?.session.agent).toBe('orderAssistant');
  });

  it('refuses the refund and tells the model when the refunds server refuses the key', async () => {
    const { fn } = assistant('wrong-key');
    const result = await fn.run(callableRequest({ message: 'refund A-1002' }, alice()));
    expect(result).toMatchObject({ status: 'done' });
    expect(await events('A-1002')).toHaveLength(0);
  });

  it('refunds nothing when the amount is not the order’s total, whatever the model wrote', async () => {
    const refused = await refundOrder(toolsDb, alice(), { orderId: 'A-1002', amountCents: 99_999 }, 'call-1');
    expect(refused).toMatchObject({ refunded: false, reason: 'the amount is not the order’s total' });
    expect(await events('A-1002')).toHaveLength(0);
    expect((await db.doc('orders/A-1002').get()).get('refunded')).toBeUndefined();
  });

  it('refuses without asking anyone when the order is still processing', async () => {
    const { fn } = assistant();
    const result = await fn.run(callableRequest({ message: 'refund A-1001' }, alice()));
    expect(result).toMatchObject({
      status: 'done',
      text: 'Order A-1001 is processing: only an order that has shipped can be refunded.',
    });
  });
});
