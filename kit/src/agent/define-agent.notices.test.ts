import { approvalId } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { runCleanup } from '../cleanup/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import type { WaitingApproval } from '../session/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { InboxWritingStore } from '../session/test-utils/inbox-writing-store.js';
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

const pay = defineTool(
  { name: 'pay', description: 'pays someone', inputSchema: z.object({ to: z.string(), cents: z.number() }) },
  (input, ctx) => {
    if (!ctx.resumed) ctx.interrupt({ title: `Send ${input.cents} to ${input.to}?` });
    return { paid: input.cents };
  },
);

/** One tenant of the emulator: stores on as many instances (Firestore clients) as asked for. */
function tenant() {
  const prefix = `an${tenants++}_`;
  const store = () => {
    const firestore = emulatorFirestore(host as string, projectId);
    firestores.push(firestore);
    return new InboxWritingStore({ firestore, prefix });
  };
  const told: WaitingApproval[] = [];
  const record = (approval: WaitingApproval) => {
    told.push(approval);
  };
  const agent = (s: InboxWritingStore | FlakyStore, hook: (a: WaitingApproval) => void | Promise<void> = record) =>
    defineAgent({
      name: 'bank',
      model: toolThenAnswer('pay', { to: 'Bob', cents: 500 }),
      tools: [pay],
      store: s,
      onApprovalWaiting: hook,
    });
  const notice = async (sessionId: string, ref: string) => {
    const firestore = firestores.at(-1) as Firestore;
    const snap = await firestore.collection(`${prefix}approvals`).doc(approvalId(sessionId, ref)).get();
    return snap.get('notice') as { sentAt?: { toMillis(): number }; claimedAt: { toMillis(): number } } | undefined;
  };
  return { store, told, record, agent, notice };
}

describe.skipIf(!host)('onApprovalWaiting', () => {
  it('is told of a waiting call once, after its commit, while the turn’s caller already has its result', async () => {
    const t = tenant();
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
    expect(JSON.stringify(t.told[0])).not.toContain('"cents"'); // metadata as presented, never the input
    held.open();
    await bank.idle();
    expect((await t.notice(result.sessionId, ref))?.sentAt).toBeDefined();
    // The answer's turn makes nothing wait anew: nobody is told again.
    const answered = await bank.send(
      result.sessionId,
      { resume: { respond: [{ ref, name: 'pay', output: 'yes' }] } },
      { uid: 'ann' },
    );
    expect(answered.status).toBe('done');
    await bank.idle();
    expect(t.told).toHaveLength(1);
  });

  it('claims no notice again for a call still waiting after a resume answered the other call of its round', async () => {
    const t = tenant();
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
    const one = { ref: bob?.ref as string, name: 'pay', output: 'yes' };
    const answered = await bank.send(asked.sessionId, { resume: { respond: [one] } }, { uid: 'ann' });
    await bank.idle();
    expect(answered.status).toBe('interrupted'); // Cy's payment still waits
    expect(claims).toHaveBeenCalledTimes(2); // and its notice is not claimed (read) again
    expect(t.told).toHaveLength(2);
  });

  it('is told once when the call that made it wait is retried on another instance', async () => {
    const t = tenant();
    const [a, b] = [t.agent(t.store()), t.agent(t.store())];
    const first = await a.send(undefined, { message: 'pay Bob' }, { uid: 'ann', requestId: 'req-1' });
    await a.idle();
    const again = await b.send(first.sessionId, { message: 'pay Bob' }, { uid: 'ann', requestId: 'req-1' });
    await b.idle();
    expect(again.interrupts.map((i) => i.ref)).toEqual(first.interrupts.map((i) => i.ref));
    expect(t.told).toHaveLength(1);
  });

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
