import { readApproval } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCleanup } from '../cleanup/index.js';
import type { Message, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import type { FirestoreSessionStore } from '../session/firestore/index.js';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../session/test-utils/firestore-store-backends.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { approversWithClaim, defineTool } from '../tools/index.js';
import type { Agent } from './agent.js';
import { defineAgent } from './define-agent.js';
import { handoffTo } from './handoff/index.js';
import type { WhileBusy } from './runtime/index.js';

// A hand-off on the Firestore store: the refunds agent's call waits for a manager (the approvals
// inbox), who answers through the callable of the agent that handed the conversation over; the
// cleanup expires a waiting call of a handed-off session like any other.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: hand-offs on Firestore — no Firestore emulator ***\n');
const projectId = demoProjectId('handoff');
const backends = host ? firestoreStoreBackends(host, projectId, 'ho') : undefined;

const as = (uid: string, token: Record<string, unknown> = {}) => ({ uid, context: { auth: { uid, token } } });
const mary = as('uid-mary', { manager: true });
const call = (name: string, input: unknown = {}): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, input } }] },
  finishReason: 'stop',
});

function shop() {
  const store: FirestoreSessionStore = (backends as NonNullable<typeof backends>).sdk([]).open();
  const runs: unknown[] = [];
  const refund = defineTool(
    {
      name: 'refund',
      description: 'refunds an order',
      inputSchema: z.object({ orderId: z.string() }),
      sideEffects: 'idempotent',
      approvers: approversWithClaim('manager'),
    },
    (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ title: `Refund ${input.orderId}?` });
      runs.push(input);
      return { refunded: input.orderId };
    },
  );
  let refunds: Agent<WhileBusy> | undefined;
  const front = defineAgent({
    name: 'front',
    store,
    model: scriptedModel((request) =>
      request.messages.at(-1)?.role === 'user' ? call('transfer_to_refunds') : 'front again',
    ),
    tools: [handoffTo(() => refunds as Agent<WhileBusy>, { name: 'transfer_to_refunds' })],
  });
  refunds = defineAgent({
    name: 'refunds',
    store,
    model: scriptedModel((request) => {
      const last = request.messages.at(-1) as Message;
      const handed = last.content.some((p) => 'toolResponse' in p && p.toolResponse.name === 'transfer_to_refunds');
      if (handed) return call('refund', { orderId: 'A1' });
      return last.role === 'tool' ? 'refunded' : 'refunds: noted';
    }),
    tools: [refund],
  });
  return { front, refunds, store, runs };
}

describe.skipIf(!host)('hand-offs on the Firestore store', () => {
  it('puts the handed-to agent’s question in the manager’s inbox, and her answer through the first agent’s callable finishes it', async () => {
    const s = shop();
    const asked = await s.front.send(undefined, { message: 'refund A1' }, as('ann'));
    expect(asked).toMatchObject({ status: 'interrupted', interrupts: [{ name: 'refund' }] });
    const ref = asked.interrupts[0]?.ref as string;
    const sdk = (backends as NonNullable<typeof backends>).client();
    const doc = await sdk.doc(s.store.approvalRef(asked.sessionId, ref).path).get();
    expect(readApproval(doc.id, doc.data())).toMatchObject({
      state: 'waiting',
      tool: 'refund',
      approverClaim: 'manager',
    });

    const answered = await s.front.answer(asked.sessionId, { restart: [{ ref, name: 'refund' }] }, mary);
    expect(answered).toMatchObject({ status: 'answered', sessionId: asked.sessionId });
    await s.front.idle();
    expect(s.runs).toEqual([{ orderId: 'A1' }]);
    const session = (await s.store.load(asked.sessionId))?.session;
    expect(session).toMatchObject({ agent: 'refunds', status: 'idle' });
    expect(session?.history.at(-1)?.content).toEqual([{ text: 'refunded' }]);
  });

  it('expires a waiting call of a handed-off session, and the next message goes on under the agent in charge', async () => {
    const s = shop();
    const asked = await s.front.send(undefined, { message: 'refund A1' }, as('ann'));
    const day = 24 * 3_600_000;
    const report = await runCleanup({ store: s.store, clock: () => Date.now() + 2 * day });
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const next = await s.front.send(asked.sessionId, { message: 'still there?' }, as('ann'));
    expect(next).toMatchObject({ status: 'done', text: 'refunds: noted' });
    expect(s.runs).toEqual([]);
  });
});
