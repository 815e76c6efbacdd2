import { answeredByOf, approvalId, readApproval } from '@callable-flows/protocol';
import type { DocumentSnapshot } from '@google-cloud/firestore';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCleanup } from '../cleanup/index.js';
import { isKitError, type KitError } from '../errors/index.js';
import { type GenerateResponseChunk, toolRequestsOf } from '../model/index.js';
import type { FirestoreSessionStore, StoreOperation } from '../session/firestore/index.js';
import type { SessionRecord } from '../session/index.js';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../session/test-utils/firestore-store-backends.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { type ActionContext, approversWithClaim, defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { closeTrailingRequests } from './history/index.js';
import { toolThenAnswer } from './test-utils/agent-fixtures.js';

// Approvals by someone other than the owner (issue 32): a refund a customer's turn asked for is
// approved by a manager (custom claim `manager`), who can't read the session; the inbox document
// of the call is written with the session, and closed in the same commit as what ends its wait.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: approvers — no Firestore emulator ***\n');
const projectId = demoProjectId('approvers');
const backends = host ? firestoreStoreBackends(host, projectId, 'ap') : undefined;

// Max's displayed name is the custom claim the app sets; the `name` claim (his own, editable) is never read.
const MANAGER = {
  auth: { uid: 'max', token: { manager: true, approverName: 'Max Manager', name: 'Mary (manager)' } },
  app: { appId: 'web-app' },
};
const as = (uid: string, token: Record<string, unknown> = {}) => ({ uid, context: { auth: { uid, token } } });
const manager = { uid: 'max', context: MANAGER };

/** A shop on its own tenant whose `refund` asks a manager; `backend`: the SDK's client or the REST one. */
function shop(backend: 'sdk' | 'rest' = 'sdk') {
  const ops: StoreOperation[] = [];
  const open = (backends as NonNullable<typeof backends>)[backend](ops);
  const store: FirestoreSessionStore = open.open();
  const writes: SessionRecord[] = [];
  const recording = new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'write' || key === 'create') {
        return async (...args: unknown[]) => {
          const record = await (
            Reflect.get(target, key, receiver) as (...a: unknown[]) => Promise<SessionRecord>
          ).apply(target, args);
          writes.push(record);
          return record;
        };
      }
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const runs: Array<{ input: unknown; context: ActionContext }> = [];
  const refund = defineTool(
    {
      name: 'refund',
      description: 'refunds an order',
      inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
      sideEffects: 'idempotent',
      approvers: approversWithClaim('manager'),
      // The refund as its approver reads it: labels in words, the customer's own words quoted.
      presentInput: (input, { userText }) => ({
        fields: [
          { label: 'Order', value: input.orderId, source: 'model' },
          { label: 'Amount', value: `€${(input.cents / 100).toFixed(2)}`, source: 'model' },
          { label: 'In the customer’s words', value: userText ?? '', source: 'owner' },
        ],
      }),
    },
    (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ title: `Refund ${input.cents} on ${input.orderId}?` });
      runs.push({ input, context: ctx.context });
      return { refunded: input.cents };
    },
  );
  const agent = defineAgent({
    name: 'shop',
    model: toolThenAnswer('refund', { orderId: 'A1', cents: 500 }),
    tools: [refund],
    store: recording,
  });
  // Read back over the SDK's client, whichever client wrote.
  const sdk = (backends as NonNullable<typeof backends>).client();
  const inbox = (sessionId: string, ref: string) => sdk.doc(store.approvalRef(sessionId, ref).path).get();
  const sessionDoc = (sessionId: string) => sdk.doc(store.sessionRef(sessionId).path).get();
  return { agent, store, runs, writes, ops, inbox, sessionDoc };
}

/** What the manager is shown of Ann's refund: the inbox document and the wire interrupt carry the same. */
const PRESENTED = {
  fields: [
    { label: 'Order', value: 'A1', source: 'model' },
    { label: 'Amount', value: '€5.00', source: 'model' },
    { label: 'In the customer’s words', value: 'refund my order', source: 'owner' },
  ],
};

async function asked(s: ReturnType<typeof shop>) {
  const result = await s.agent.send(undefined, { message: 'refund my order' }, as('ann'));
  expect(result.status).toBe('interrupted');
  const interrupt = result.interrupts[0];
  if (!interrupt) throw new Error('no interrupt');
  expect(interrupt.presented).toEqual(PRESENTED);
  return { sessionId: result.sessionId, ref: interrupt.ref, digest: interrupt.inputDigest as string };
}

const approve = (ref: string, inputDigest?: string) => ({
  restart: [{ ref, name: 'refund', ...(inputDigest ? { inputDigest } : {}) }],
});

async function refusal(call: Promise<unknown>): Promise<KitError> {
  try {
    await call;
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const stamp = (snap: DocumentSnapshot) => `${snap.updateTime?.seconds}.${snap.updateTime?.nanoseconds}`;

describe.skipIf(!host)('approvers: an answer by someone other than the owner', () => {
  it.each(['sdk', 'rest'] as const)(
    'writes the waiting call’s inbox document in the interrupt’s commit, addressed to the claim (%s)',
    async (backend) => {
      const s = shop(backend);
      const { sessionId, ref, digest } = await asked(s);
      const doc = await s.inbox(sessionId, ref);
      expect(doc.id).toBe(approvalId(sessionId, ref));
      expect(readApproval(doc.id, doc.data())).toMatchObject({
        sessionId,
        ref,
        tool: 'refund',
        metadata: { title: 'Refund 500 on A1?' },
        presented: PRESENTED,
        inputDigest: digest,
        ownerUid: 'ann',
        approverUids: [],
        approverClaim: 'manager',
        state: 'waiting',
        expiresAt: null,
      });
      // The interrupt's commit is the session's last write: the same update time.
      expect(stamp(doc)).toBe(stamp(await s.sessionDoc(sessionId)));
      // No commit of its own: one commit per session write, the inbox document one more write in the last.
      const commits = s.ops.filter((op) => op.kind === 'commit');
      expect(commits).toHaveLength(s.writes.length);
      expect(commits.at(-1)?.writes).toBe(2);
    },
  );

  it.each(['sdk', 'rest'] as const)(
    'runs the tool once for an approver, tells them nothing of the conversation, records who approved and closes the inbox document in the answer’s commit (%s)',
    async (backend) => {
      const s = shop(backend);
      const { sessionId, ref, digest } = await asked(s);
      const chunks: GenerateResponseChunk[] = [];
      const before = s.writes.length;
      const result = await s.agent.answer(sessionId, approve(ref, digest), {
        ...manager,
        onChunk: (c) => chunks.push(c),
      });
      expect(result).toEqual({ sessionId, status: 'answered', answered: [{ ref, name: 'refund', answer: 'restart' }] });
      expect(chunks).toEqual([]);
      expect(s.runs).toHaveLength(1);
      // The turn goes on as the owner's: tools see the owner, and who approved.
      expect(s.runs[0]?.context).toMatchObject({
        auth: { uid: 'ann', token: {} },
        approvedBy: { uid: 'max', appId: 'web-app' },
      });
      const session = (await s.store.load(sessionId))?.session;
      expect(session?.status).toBe('idle');
      const call = session?.history.flatMap(toolRequestsOf).find((p) => p.toolRequest.ref === ref);
      expect(answeredByOf(call ?? {})).toMatchObject({ uid: 'max', appId: 'web-app', name: 'Max Manager' });
      const doc = await s.inbox(sessionId, ref);
      expect(readApproval(doc.id, doc.data())).toMatchObject({
        state: 'approved',
        answeredBy: { uid: 'max', appId: 'web-app', name: 'Max Manager' },
      });
      // Closed by the answer's own write (the turn's first), not by an extra commit.
      const answerWrite = s.writes[before] as SessionRecord;
      const written = (answerWrite.storage as { updateTime: { seconds: number; nanoseconds: number } }).updateTime;
      expect(stamp(doc)).toBe(`${written.seconds}.${written.nanoseconds}`);
    },
  );

  it('refuses someone who is no approver with NOT_ALLOWED, writing nothing, whether the call waits or not', async () => {
    const s = shop();
    const { sessionId, ref } = await asked(s);
    const session = stamp(await s.sessionDoc(sessionId));
    const inbox = stamp(await s.inbox(sessionId, ref));
    for (const resume of [approve(ref), approve('no-such-ref'), { decline: [{ ref, name: 'refund' }] }]) {
      const error = await refusal(s.agent.answer(sessionId, resume, as('eve')));
      expect(error).toMatchObject({ code: 'permission-denied', reason: 'NOT_ALLOWED' });
      expect(error.details).toEqual({ reason: 'NOT_ALLOWED' });
    }
    expect(s.runs).toHaveLength(0);
    expect(stamp(await s.sessionDoc(sessionId))).toBe(session);
    expect(stamp(await s.inbox(sessionId, ref))).toBe(inbox);
    // A message, or a resume through send, stays the owner's: NOT_OWNER, as before.
    await expect(s.agent.send(sessionId, { message: 'hi' }, manager)).rejects.toMatchObject({ reason: 'NOT_OWNER' });
    await expect(s.agent.send(sessionId, { resume: approve(ref) }, manager)).rejects.toMatchObject({
      reason: 'NOT_OWNER',
    });
  });

  it('refuses the owner too when the tool’s check does not admit them', async () => {
    const s = shop();
    const { sessionId, ref } = await asked(s);
    await expect(s.agent.answer(sessionId, approve(ref), as('ann'))).rejects.toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_ALLOWED',
    });
    expect(s.runs).toHaveLength(0);
    // The owner holding the claim may.
    const result = await s.agent.answer(sessionId, approve(ref), as('ann', { manager: true }));
    expect(result).toMatchObject({ status: 'done' });
    expect(s.runs).toHaveLength(1);
  });

  it('lets one of two racing answers win: the tool runs once, the other is ALREADY_ANSWERED or NOT_ALLOWED', async () => {
    const s = shop();
    const { sessionId, ref } = await asked(s);
    const owner = as('ann', { manager: true });
    const outcomes = await Promise.allSettled([
      s.agent.answer(sessionId, approve(ref), manager),
      s.agent.answer(sessionId, { decline: [{ ref, name: 'refund', reason: 'no' }] }, owner),
    ]);
    const [byApprover, byOwner] = outcomes;
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    // While the winner's turn runs the loser may be asked to come back (its answer was not written).
    expect(['ALREADY_ANSWERED', 'NOT_ALLOWED', 'SESSION_BUSY']).toContain((lost.reason as KitError).reason);
    const approverWon = byApprover?.status === 'fulfilled';
    expect(s.runs).toHaveLength(approverWon ? 1 : 0);
    // Once the winner's turn has ended, the loser is told so: the owner that the call was answered,
    // the approver (who may see no more) that they may not answer it.
    const retried = approverWon
      ? await refusal(s.agent.answer(sessionId, { decline: [{ ref, name: 'refund', reason: 'no' }] }, owner))
      : await refusal(s.agent.answer(sessionId, approve(ref), manager));
    expect(retried.reason).toBe(approverWon ? 'ALREADY_ANSWERED' : 'NOT_ALLOWED');
    expect(byOwner?.status === 'fulfilled').toBe(!approverWon);
    const doc = await s.inbox(sessionId, ref);
    expect(readApproval(doc.id, doc.data())?.answeredBy?.uid).toBe(approverWon ? 'max' : 'ann');
  });

  it('gives an approver’s retry of their own answer its stored outcome, told nothing more', async () => {
    const s = shop();
    const { sessionId, ref } = await asked(s);
    const ctx = { ...manager, requestId: 'approve-1' };
    const first = await s.agent.answer(sessionId, approve(ref), ctx);
    const again = await s.agent.answer(sessionId, approve(ref), ctx);
    expect(again).toEqual(first);
    expect(s.runs).toHaveLength(1);
  });

  it('closes the inbox document as expired when the cleanup expires the call, and deletes it with the session', async () => {
    const s = shop();
    const { sessionId, ref } = await asked(s);
    const day = 24 * 3_600_000;
    const report = await runCleanup({ store: s.store, clock: () => Date.now() + 2 * day });
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const doc = await s.inbox(sessionId, ref);
    expect(readApproval(doc.id, doc.data())?.state).toBe('expired');
    expect(stamp(doc)).toBe(stamp(await s.sessionDoc(sessionId)));
    // The cleanup's deletion (of a scanned copy, no history read) takes the inbox document in its batch.
    const later = await runCleanup({ store: s.store, clock: () => Date.now() + 40 * day });
    expect(later.deletedSessions).toBeGreaterThanOrEqual(1);
    expect((await s.sessionDoc(sessionId)).exists).toBe(false);
    expect((await s.inbox(sessionId, ref)).exists).toBe(false);
  });

  it('closes the inbox document when a write closes the round unanswered, and deletes it with the session', async () => {
    const s = shop();
    const { sessionId, ref } = await asked(s);
    // What a new message that takes the session on (or a stop) writes: the round closed, no answer.
    const stored = (await s.store.load(sessionId)) as SessionRecord;
    const history = closeTrailingRequests(stored.session.history, 'user-stop');
    await s.store.write(stored, { ...stored.session, history, status: 'idle', version: stored.session.version + 1 });
    const doc = await s.inbox(sessionId, ref);
    expect(readApproval(doc.id, doc.data())?.state).toBe('closed');
    const record = await s.store.load(sessionId);
    await s.store.delete(sessionId, { expected: record as SessionRecord });
    expect((await s.inbox(sessionId, ref)).exists).toBe(false);
  });
});
