import { approvalId } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { runCleanup } from '../cleanup/index.js';
import { RestFirestore } from '../firestore/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import type { WaitingApproval } from '../session/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { gate, toolThenAnswer } from './test-utils/agent-fixtures.js';

// onApprovalWaiting (issue 32): told once per waiting call, after the commit that made it wait,
// never on the turn's path; an instance that dies before telling leaves it to the cleanup.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: approval notices — no Firestore emulator ***\n');
const projectId = demoProjectId('agent-notices');
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));
let tenants = 0;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const pay = defineTool(
  { name: 'pay', description: 'pays someone', inputSchema: z.object({ to: z.string(), cents: z.number() }) },
  (input, ctx) => {
    if (!ctx.resumed) ctx.interrupt({ title: `Send ${input.cents} to ${input.to}?` });
    return { paid: input.cents };
  },
);

const sdkClient = (): Firestore => {
  const firestore = emulatorFirestore(host as string, projectId);
  firestores.push(firestore);
  return firestore;
};

/**
 * One tenant of the emulator: the session stores of as many instances as asked for (each its own
 * client, over the SDK or REST), which write the approvals inbox themselves.
 */
function tenant(backend: 'sdk' | 'rest' = 'sdk') {
  const prefix = `an${tenants++}_`;
  const store = (over: 'sdk' | 'rest' = backend, ops?: StoreOperation[]) => {
    const firestore =
      over === 'sdk'
        ? sdkClient()
        : new RestFirestore({ projectId, listenWith: async () => sdkClient(), listenAfterMs: 0 });
    return new FirestoreSessionStore({ firestore, prefix, ...(ops ? { onOperation: (op) => void ops.push(op) } : {}) });
  };
  const told: WaitingApproval[] = [];
  const record = (approval: WaitingApproval) => {
    told.push(approval);
  };
  const agent = (s: FirestoreSessionStore | FlakyStore, hook: (a: WaitingApproval) => void | Promise<void> = record) =>
    defineAgent({
      name: 'bank',
      model: toolThenAnswer('pay', { to: 'Bob', cents: 500 }),
      tools: [pay],
      store: s,
      onApprovalWaiting: hook,
    });
  const reader = sdkClient();
  const inbox = async (sessionId: string, ref: string) =>
    (await reader.collection(`${prefix}approvals`).doc(approvalId(sessionId, ref)).get()).data();
  const notice = async (sessionId: string, ref: string) =>
    (await inbox(sessionId, ref))?.notice as
      | { sentAt?: { toMillis(): number }; claimedAt: { toMillis(): number } }
      | undefined;
  return { store, told, record, agent, notice, inbox };
}

describe.skipIf(!host)('onApprovalWaiting', () => {
  for (const backend of ['sdk', 'rest'] as const) {
    it(`is told of a waiting call once, after its commit, while the turn’s caller already has its result (${backend})`, async () => {
      const t = tenant(backend);
      const store = t.store();
      const held = gate();
      const entered = gate();
      const bank = t.agent(store, async (approval) => {
        t.record(approval);
        entered.open();
        await held.promise; // a slow push: the caller must not wait for it
      });
      const result = await bank.send(undefined, { message: 'pay Bob' }, { uid: 'ann' });
      expect(result.status).toBe('interrupted');
      const ref = result.interrupts[0]?.ref as string;
      await entered.promise;
      expect(t.told).toEqual([
        expect.objectContaining({
          id: approvalId(result.sessionId, ref),
          sessionId: result.sessionId,
          ref,
          tool: 'pay',
          metadata: { title: 'Send 500 to Bob?' },
          ownerUid: 'ann',
          approverUids: ['ann'],
          state: 'waiting',
        }),
      ]);
      // What runs, as the tool presents it: the approver is shown the stored input (by default, the input itself).
      expect(JSON.stringify(t.told[0]?.presented)).toContain('500');
      held.open();
      await bank.idle();
      expect((await t.notice(result.sessionId, ref))?.sentAt).toBeDefined();
      // The answer's turn makes nothing wait anew: nobody is told again.
      const answered = await bank.send(
        result.sessionId,
        { resume: { restart: [{ ref, name: 'pay' }] } },
        { uid: 'ann' },
      );
      expect(answered.status).toBe('done');
      await bank.idle();
      expect(t.told).toHaveLength(1);
    });

    it(`claims no notice again for a call still waiting after a resume answered the other call of its round (${backend})`, async () => {
      const t = tenant(backend);
      const store = t.store();
      const claims = vi.spyOn(store.approvals, 'claim');
      const twoPayments = scriptedModel(async (request) => {
        if (request.messages.at(-1)?.role === 'tool') return 'done';
        const pay = (to: string) => ({ toolRequest: { name: 'pay', input: { to, cents: 500 } } });
        return { message: { role: 'model', content: [pay('Bob'), pay('Cy')] }, finishReason: 'stop' };
      });
      const bank = defineAgent({ name: 'bank', model: twoPayments, tools: [pay], store, onApprovalWaiting: t.record });
      const asked = await bank.send(undefined, { message: 'pay both' }, { uid: 'ann' });
      await bank.idle();
      expect(asked.interrupts).toHaveLength(2);
      expect(claims).toHaveBeenCalledTimes(2);
      const [bob] = asked.interrupts;
      const one = { ref: bob?.ref as string, name: 'pay' };
      const answered = await bank.send(asked.sessionId, { resume: { restart: [one] } }, { uid: 'ann' });
      await bank.idle();
      expect(answered.status).toBe('interrupted'); // Cy's payment still waits
      expect(claims).toHaveBeenCalledTimes(2); // and its notice is not claimed (read) again
      expect(t.told).toHaveLength(2);
    });

    it(`is told once when the call that made it wait is retried on another instance (${backend})`, async () => {
      const t = tenant(backend);
      const [a, b] = [t.agent(t.store()), t.agent(t.store())];
      const first = await a.send(undefined, { message: 'pay Bob' }, { uid: 'ann', requestId: 'req-1' });
      await a.idle();
      const again = await b.send(first.sessionId, { message: 'pay Bob' }, { uid: 'ann', requestId: 'req-1' });
      await b.idle();
      expect(again.interrupts.map((i) => i.ref)).toEqual(first.interrupts.map((i) => i.ref));
      expect(t.told).toHaveLength(1);
    });
  }

  it('leaves the call of an instance that died after its commit to the cleanup, which tells it once, the retry too', async () => {
    const t = tenant();
    const dying = new FlakyStore(t.store(), { at: 1, on: 'release', when: 'after', mode: 'crash' });
    const a = t.agent(dying);
    const ask = { uid: 'ann', requestId: 'req-died' };
    await expect(a.send('s-died', { message: 'pay Bob' }, ask)).rejects.toThrow();
    await a.idle();
    expect(t.told).toHaveLength(0); // the instance died: nobody told
    const survivor = t.store();
    // The caller's retry, on another instance, finds the call waiting already: its commit made nothing wait anew.
    const b = t.agent(survivor);
    expect((await b.send('s-died', { message: 'pay Bob' }, ask)).status).toBe('interrupted');
    await b.idle();
    expect(t.told).toHaveLength(0);
    const waiting = (await survivor.load('s-died'))?.session.interrupts ?? [];
    expect(waiting).toHaveLength(1);
    const sweep = (after: number) =>
      runCleanup({ store: survivor, onApprovalWaiting: t.record, clock: () => Date.now() + after });
    expect((await sweep(MINUTE)).noticesSent).toBe(0); // within the grace period: the turn's own notice may still come
    expect((await sweep(11 * MINUTE)).noticesSent).toBe(1);
    expect((await sweep(12 * MINUTE)).noticesSent).toBe(0);
    expect(t.told.map((a) => a.ref)).toEqual([waiting[0]?.toolRequest.ref]);
  });

  it('leaves the claim of an instance that died before its push to lapse, then the cleanup tells it once', async () => {
    const t = tenant();
    const store = t.store();
    const a = t.agent(store, () => {
      throw new Error('the instance died before the push');
    });
    const result = await a.send(undefined, { message: 'pay Bob' }, { uid: 'ann' });
    await a.idle();
    const ref = result.interrupts[0]?.ref as string;
    const claimed = await t.notice(result.sessionId, ref);
    expect(claimed?.claimedAt).toBeDefined();
    expect(claimed?.sentAt).toBeUndefined();
    const sweep = (after: number) =>
      runCleanup({ store, onApprovalWaiting: t.record, noticeGraceMs: 1, clock: () => Date.now() + after });
    expect((await sweep(MINUTE)).noticesSent).toBe(0); // the dead instance's claim still holds
    expect((await sweep(3 * MINUTE)).noticesSent).toBe(1);
    expect((await sweep(4 * MINUTE)).noticesSent).toBe(0);
    expect(t.told.map((x) => x.ref)).toEqual([ref]);
    expect((await t.notice(result.sessionId, ref))?.sentAt).toBeDefined();
  });

  it.each(['sdk', 'rest'] as const)(
    'keeps a warm text turn at 0 reads / 2 writes, an interrupt at the bound’s 2 reads with its inbox document in its last commit, the notice’s 1 read and 2 writes after it (%s)',
    async (backend) => {
      const t = tenant(backend);
      const ops: StoreOperation[] = [];
      const held = gate();
      const entered = gate();
      const payOnAsk = scriptedModel(async (request) => {
        const last = request.messages.at(-1);
        if (last?.role !== 'user' || !JSON.stringify(last.content).includes('pay')) return 'ok';
        return {
          message: { role: 'model', content: [{ toolRequest: { name: 'pay', input: { to: 'Bob', cents: 500 } } }] },
          finishReason: 'stop',
        };
      });
      const bank = defineAgent({
        name: 'bank',
        model: payOnAsk,
        tools: [pay],
        store: t.store(backend, ops),
        onApprovalWaiting: async (approval) => {
          t.record(approval);
          entered.open();
          await held.promise;
        },
      });
      const turnOps = (from: number) => ops.slice(from).filter((op) => !op.notice);
      const totals = (list: StoreOperation[]) => ({
        reads: list.reduce((n, op) => n + op.reads, 0),
        writes: list.reduce((n, op) => n + op.writes, 0),
        commits: list.filter((op) => op.kind === 'commit').length,
      });
      const { sessionId } = await bank.send(undefined, { message: 'hi' }, { uid: 'ann' });
      // A warm text turn, the hook configured: the lease with the message, then the answer. No notice.
      let from = ops.length;
      await bank.send(sessionId, { message: 'hi again' }, { uid: 'ann' });
      expect(totals(ops.slice(from))).toEqual({ reads: 0, writes: 2, commits: 2 });
      // A warm turn that ends waiting: the lease, the model's request before the tool runs, the
      // bound's two counts (the owner's and the agent's waiting approvals, 1 read each), and the
      // interrupt, its inbox document a second write of that same commit (no commit of its own).
      from = ops.length;
      const asked = await bank.send(sessionId, { message: 'pay Bob' }, { uid: 'ann' });
      expect(asked.status).toBe('interrupted');
      const turn = turnOps(from);
      expect(totals(turn)).toEqual({ reads: 2, writes: 4, commits: 3 });
      expect(turn.filter((op) => op.kind === 'count').map((op) => op.reads)).toEqual([1, 1]);
      expect(turn.at(-1)?.writes).toBe(2);
      // The notice comes after the turn's result: its claim (1 read, 1 write), the push held…
      await entered.promise;
      const claim = ops.slice(from).filter((op) => op.notice);
      expect(totals(claim)).toEqual({ reads: 1, writes: 1, commits: 1 });
      // …then the mark that it went out (1 write); the turn's own operations are unchanged.
      held.open();
      await bank.idle();
      expect(totals(ops.slice(from).filter((op) => op.notice))).toEqual({ reads: 1, writes: 2, commits: 2 });
      expect(turnOps(from)).toEqual(turn);
      expect(t.told).toHaveLength(1);
    },
  );

  /** A turn whose hook's instance died before its push: the call waits, claimed, nothing sent. */
  async function claimedThenDead(t: ReturnType<typeof tenant>, store: FirestoreSessionStore) {
    const dead = t.agent(store, () => {
      throw new Error('the instance died before the push');
    });
    const asked = await dead.send(undefined, { message: 'pay Bob' }, { uid: 'ann' });
    await dead.idle();
    const ref = asked.interrupts[0]?.ref as string;
    expect((await t.notice(asked.sessionId, ref))?.sentAt).toBeUndefined();
    return { sessionId: asked.sessionId, ref };
  }

  /** What closes a waiting call, each by the writer that does it, and the state it leaves. */
  const CLOSERS: ReadonlyArray<{
    name: string;
    state: string;
    close(t: ReturnType<typeof tenant>, store: FirestoreSessionStore, sessionId: string, ref: string): Promise<unknown>;
  }> = [
    {
      name: 'an approval',
      state: 'approved',
      close: (t, store, sessionId, ref) =>
        t.agent(store).send(sessionId, { resume: { restart: [{ ref, name: 'pay' }] } }, { uid: 'ann' }),
    },
    {
      name: 'a decline',
      state: 'declined',
      close: (t, store, sessionId, ref) =>
        t.agent(store).send(sessionId, { resume: { decline: [{ ref, name: 'pay' }] } }, { uid: 'ann' }),
    },
    {
      name: 'a new message after a deploy removed its tool (TOOL_CHANGED)',
      state: 'closed',
      close: async (_t, store, sessionId, ref) => {
        const deployed = defineAgent({ name: 'bank', model: scriptedModel(async () => 'noted'), tools: [], store });
        const resume = { resume: { restart: [{ ref, name: 'pay' }] } };
        await expect(deployed.send(sessionId, resume, { uid: 'ann' })).rejects.toMatchObject({
          reason: 'TOOL_CHANGED',
        });
        return deployed.send(sessionId, { message: 'thanks' }, { uid: 'ann' });
      },
    },
    {
      name: 'the cleanup’s expiry',
      state: 'expired',
      close: (_t, store) => runCleanup({ store, clock: () => Date.now() + 2 * DAY }),
    },
  ];

  for (const closer of CLOSERS) {
    it(`tells nobody of a call closed by ${closer.name} after its notice's instance died, once the claim lapsed`, async () => {
      const t = tenant();
      const store = t.store();
      const { sessionId, ref } = await claimedThenDead(t, store);
      await closer.close(t, store, sessionId, ref);
      const doc = await t.inbox(sessionId, ref);
      expect(doc?.state).toBe(closer.state);
      expect(doc?.notice?.claimedAt).toBeDefined(); // the close kept the claim: it wrote only its own fields
      const sweep = await runCleanup({
        store,
        onApprovalWaiting: t.record,
        noticeGraceMs: 1,
        clock: () => Date.now() + 3 * MINUTE,
      });
      expect(sweep.noticesSent).toBe(0);
      expect(t.told).toEqual([]);
    });
  }

  it('records no sending over an answer that commits while the push goes out, and the cleanup tells it no more', async () => {
    const t = tenant();
    const store = t.store();
    // The push is slow: the owner answers from another device while it goes out.
    const bank = t.agent(store, async (approval) => {
      t.record(approval);
      const resume = { resume: { restart: [{ ref: approval.ref, name: 'pay' }] } };
      await t.agent(t.store()).send(approval.sessionId, resume, { uid: 'ann' });
    });
    const asked = await bank.send(undefined, { message: 'pay Bob' }, { uid: 'ann' });
    await bank.idle();
    const ref = asked.interrupts[0]?.ref as string;
    const doc = await t.inbox(asked.sessionId, ref);
    expect(doc?.state).toBe('approved');
    expect(doc?.notice?.claimedAt).toBeDefined();
    expect(doc?.notice?.sentAt).toBeUndefined(); // the mark lost to the answer's write, which kept the claim
    const sweep = await runCleanup({
      store,
      onApprovalWaiting: t.record,
      noticeGraceMs: 1,
      clock: () => Date.now() + 3 * MINUTE,
    });
    expect(sweep.noticesSent).toBe(0);
    expect(t.told.map((a) => a.ref)).toEqual([ref]);
  });

  it('refuses a hook on a store that keeps no approvals inbox', () => {
    expect(() =>
      defineAgent({
        name: 'bank',
        model: toolThenAnswer('pay', {}),
        store: new InMemorySessionStore(),
        onApprovalWaiting: () => undefined,
      }),
    ).toThrow(/approvals inbox/);
  });
});
