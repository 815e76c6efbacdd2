import { readApproval } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputDigest } from '../call-state/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import type { Session, WaitingApproval } from '../session/index.js';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../session/test-utils/firestore-store-backends.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { type Approvers, approversWithClaim } from '../tools/index.js';
import { agentTool } from './agent-tool.js';
import { defineAgent } from './define-agent.js';
import { effects, toolThenAnswer, transferTool } from './test-utils/agent-fixtures.js';
import { subSessionOf } from './test-utils/sub-session-of.js';

// A sub-agent on Firestore: its session linked to the parent's, its question in the parent's
// inbox (by the parent's session id and the path ref, addressed to the sub tool's approvers),
// answered by a manager through the parent, and what a parent turn with one sub-agent call costs.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: agentTool on Firestore — no Firestore emulator ***\n');
const projectId = demoProjectId('agent-tool');
const backends = host ? firestoreStoreBackends(host, projectId, 'at') : undefined;

const alice = { uid: 'alice', context: { auth: { uid: 'alice', token: {} } } };
const manager = { uid: 'max', context: { auth: { uid: 'max', token: { manager: true } } } };

/** The refunds agent: a user message asks `transfer` for 100 cents (or answers at once, `ask: false`). */
function refundsModel(ask: boolean) {
  return scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool' || !ask) return 'refunded';
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 100 } } }] },
      finishReason: 'stop',
    };
  });
}

let tenants = 0;

function shop(ask = true, approvers: Approvers = approversWithClaim('manager')) {
  // Two stores on the same collections, one per agent: each counts its own session's operations.
  const prefix = `at${tenants++}_`;
  const firestore = (backends as NonNullable<typeof backends>).client();
  const ops: StoreOperation[] = [];
  const subOps: StoreOperation[] = [];
  const store = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => ops.push(op) });
  const subStore = new FirestoreSessionStore({ firestore, prefix, onOperation: (op) => subOps.push(op) });
  const record = effects();
  // Both agents would tell of a waiting approval; only the parent's inbox has the question.
  const told: WaitingApproval[] = [];
  const onApprovalWaiting = (approval: WaitingApproval) => void told.push(approval);
  const refunds = defineAgent({
    name: 'refunds',
    model: refundsModel(ask),
    tools: [transferTool(record, approvers)],
    store: subStore,
    onApprovalWaiting,
  });
  const tool = agentTool(refunds, { name: 'refunds', description: 'refunds an order', input: z.object({}) });
  const parent = defineAgent({
    name: 'shop',
    model: toolThenAnswer('refunds', {}),
    tools: [tool],
    store,
    onApprovalWaiting,
  });
  const sdk = (backends as NonNullable<typeof backends>).client();
  // The inbox collection: the path of any of its documents, less the document's id.
  const approvals = () => sdk.collection(store.approvalRef('x', 'y').path.replace(/\/[^/]+$/, '')).get();
  return { store, record, parent, refunds, ops, subOps, approvals, told };
}

/** A turn's commits: the notices of a waiting approval (their claim and mark) are not the turn's. */
const commits = (ops: readonly StoreOperation[]) => ops.filter((op) => op.kind === 'commit' && !op.notice).length;

describe.skipIf(!host)('agentTool on Firestore', () => {
  it("puts the sub-agent's question in the parent's inbox by the path ref, for the sub tool's approvers, once", async () => {
    const s = shop();
    const result = await s.parent.send(undefined, { message: 'refund A' }, alice);
    expect(result.status).toBe('interrupted');
    const [question] = result.interrupts;
    const docs = (await s.approvals()).docs.map((d) => readApproval(d.id, d.data()));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      sessionId: result.sessionId,
      ref: question?.ref,
      tool: 'transfer',
      inputDigest: inputDigest({ cents: 100 }),
      ownerUid: 'alice',
      approverClaim: 'manager',
      state: 'waiting',
    });
    // Told once, of the question in the parent's inbox.
    await Promise.all([s.parent.idle(), s.refunds.idle()]);
    expect(s.told.map((t) => [t.sessionId, t.ref, t.tool])).toEqual([[result.sessionId, question?.ref, 'transfer']]);
    const [head] = (question?.ref ?? '').split('/');
    const subId = subSessionOf((await s.store.load(result.sessionId))?.session as Session, head as string);
    const sub = (await s.store.load(subId))?.session;
    expect(sub?.parent).toEqual({ sessionId: result.sessionId, ref: head, agent: 'shop' });

    // The manager answers through the parent's session: the inbox document closes, approved by them.
    const answered = await s.parent.answer(
      result.sessionId,
      { restart: [{ ref: question?.ref as string, name: 'transfer', inputDigest: question?.inputDigest }] },
      manager,
    );
    expect(answered).toMatchObject({ status: 'answered' });
    expect(s.record.runs).toBe(1);
    const closed = (await s.approvals()).docs.map((d) => readApproval(d.id, d.data()));
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ state: 'approved', answeredBy: { uid: 'max' } });
    const stored = (await s.store.load(subId))?.session;
    const transfer = stored?.history
      .flatMap((m) => m.content)
      .find((p): p is ToolRequestPart => 'toolRequest' in p && p.toolRequest.name === 'transfer');
    expect(transfer?.metadata?.answeredBy).toMatchObject({ uid: 'max' });
  });

  // docs/benchmarks.md, "Sub-agents": a sub-agent call costs the sub-session's writes only.
  it('costs the sub-session its own writes per parent turn with one sub-agent call, with and without an interrupt', async () => {
    const plain = shop(false, 'owner');
    await plain.parent.send(undefined, { message: 'refund A' }, alice);
    // Parent: lease and message, the call's request, its result, the answer (a turn with one
    // idempotent tool). Sub: its create (lease and message), its answer.
    expect([commits(plain.ops), commits(plain.subOps)]).toEqual([4, 2]);

    const asking = shop(true, 'owner');
    const waiting = await asking.parent.send(undefined, { message: 'refund A' }, alice);
    // Parent: lease and message, the call's request, the call's interrupt (with the inbox
    // document, no commit of its own). Sub: create, its request, the transfer's interrupt.
    expect([commits(asking.ops), commits(asking.subOps)]).toEqual([3, 3]);
    const before = [commits(asking.ops), commits(asking.subOps)];
    const question = waiting.interrupts[0];
    await asking.parent.send(
      waiting.sessionId,
      { resume: { restart: [{ ref: question?.ref as string, name: 'transfer' }] } },
      alice,
    );
    // The resume: parent lease with the answer, the call's result, the answer; sub lease with the
    // answer, the transfer's result, the answer.
    expect([commits(asking.ops) - (before[0] as number), commits(asking.subOps) - (before[1] as number)]).toEqual([
      3, 3,
    ]);
  });
});
