import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCleanup } from '../cleanup/index.js';
import { RestFirestore } from '../firestore/index.js';
import type { Message, ToolResponsePart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { InMemorySessionStore, type SessionStore } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';

// The bound on waiting approvals (issue 43): a call that would wait past the owner's or the
// agent's bound is answered to the model as a tool error, nothing stored for an approver, the turn
// going on; the counts are the store's (the memory store's own, Firestore's inbox documents).

const host = firestoreEmulatorHost();
const projectId = demoProjectId('waiting-bound');
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));
let tenants = 0;
const DAY = 24 * 60 * 60 * 1000;

const pay = defineTool(
  { name: 'pay', description: 'pays someone', inputSchema: z.object({ to: z.string(), cents: z.number() }) },
  (input, ctx) => {
    if (!ctx.resumed) ctx.interrupt({ title: `Send ${input.cents} to ${input.to}?` });
    return { paid: input.cents };
  },
);

/** Asks `pay` when the person's message says "pay", says what the tool answered after it, else "ok". */
const payOnAsk = () =>
  scriptedModel(async (request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      return `done: ${JSON.stringify(last.content.map((p) => (p as ToolResponsePart).toolResponse?.output))}`;
    }
    if (!JSON.stringify(last.content).includes('pay')) return 'ok';
    const message: Message = {
      role: 'model',
      content: [{ toolRequest: { name: 'pay', input: { to: 'Bob', cents: 5 } } }],
    };
    return { message, finishReason: 'stop' };
  });

const sdkClient = (): Firestore => {
  const firestore = emulatorFirestore(host as string, projectId);
  firestores.push(firestore);
  return firestore;
};

type Backend = 'memory' | 'sdk' | 'rest';

/** A store of `backend` (a Firestore one in a tenant of its own), and what its inbox holds. */
function world(backend: Backend, ops?: StoreOperation[]) {
  if (backend === 'memory') {
    const store = new InMemorySessionStore();
    return { store, prefix: undefined, inboxOf: undefined };
  }
  const prefix = `wb${tenants++}_`;
  const firestore = backend === 'sdk' ? sdkClient() : new RestFirestore({ projectId });
  const store = new FirestoreSessionStore({
    firestore,
    prefix,
    ...(ops ? { onOperation: (op) => void ops.push(op) } : {}),
  });
  const reader = sdkClient();
  /** The inbox documents of session `id`, by state. */
  const inboxOf = async (id: string) =>
    (await reader.collection(`${prefix}approvals`).where('sessionId', '==', id).get()).docs.map((d) => d.get('state'));
  return { store, prefix, inboxOf };
}

const bank = (store: SessionStore, waitingApprovals = { perOwner: 2, perAgent: 3 }) =>
  defineAgent({
    name: 'bank',
    model: payOnAsk(),
    tools: [pay],
    store,
    waitingApprovals,
  });

const BACKENDS: Backend[] = host ? ['memory', 'sdk', 'rest'] : ['memory'];

describe('waitingApprovals', () => {
  it.each(BACKENDS)(
    'answers a call past the owner’s bound with a tool error, stores nothing waiting, and leaves another owner alone (%s)',
    async (backend) => {
      const { store, inboxOf } = world(backend);
      const agent = bank(store);
      const ask = (uid: string) => agent.send(undefined, { message: 'pay Bob' }, { uid });
      expect((await ask('ann')).status).toBe('interrupted');
      expect((await ask('ann')).status).toBe('interrupted');
      const refused = await ask('ann');
      // The turn went on: the model got the refusal as the call's result and told the person.
      expect(refused.status).toBe('done');
      expect(refused.interrupts).toEqual([]);
      expect(refused.text).toContain('not asked: the person already has 2 approvals waiting (at most 2 may wait)');
      const stored = (await store.load(refused.sessionId))?.session;
      expect(stored?.interrupts ?? []).toEqual([]);
      const response = stored?.history.find((m) => m.role === 'tool')?.content[0];
      expect(response).toMatchObject({ metadata: { toolError: { code: 'resource-exhausted' } } });
      if (inboxOf) expect(await inboxOf(refused.sessionId)).toEqual([]);
      // Another owner's calls wait as before.
      expect((await ask('bob')).status).toBe('interrupted');
      expect(await store.waitingCount?.count({ ownerUid: 'ann' })).toBe(2);
      expect(await store.waitingCount?.count({ agent: 'bank' })).toBe(3);
    },
  );

  it.each(BACKENDS)(
    'frees a slot when one of the owner’s approvals is approved or declined, and bounds the agent across owners (%s)',
    async (backend) => {
      const { store } = world(backend);
      const agent = bank(store);
      const ask = (uid: string) => agent.send(undefined, { message: 'pay Bob' }, { uid });
      const answer = (asked: { sessionId: string; interrupts: { ref: string }[] }, how: 'restart' | 'decline') => {
        const reply = [{ ref: asked.interrupts[0]?.ref as string, name: 'pay' }];
        return agent.send(asked.sessionId, { resume: { [how]: reply } }, { uid: 'ann' });
      };
      const [first, second] = [await ask('ann'), await ask('ann')];
      expect((await ask('ann')).status).toBe('done');
      expect((await answer(first, 'restart')).status).toBe('done');
      expect((await ask('ann')).status).toBe('interrupted');
      expect((await ask('ann')).status).toBe('done');
      expect((await answer(second, 'decline')).status).toBe('done');
      expect((await ask('ann')).status).toBe('interrupted');
      // The agent's bound (3): ann's two and bob's one fill it; carl's call is refused in the agent's words.
      expect((await ask('bob')).status).toBe('interrupted');
      const carl = await ask('carl');
      expect(carl.status).toBe('done');
      expect(carl.text).toContain('not asked: this agent already has 3 approvals waiting across its users (at most 3');
      expect(await store.waitingCount?.count({ ownerUid: 'carl' })).toBe(0);
    },
  );
});

describe('waitingApprovals lifted or refused', () => {
  it.each(BACKENDS)('leaves every call to wait when the bound is lifted (%s)', async (backend) => {
    const { store } = world(backend);
    const agent = bank(store, { perOwner: Number.POSITIVE_INFINITY, perAgent: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 3; i++) {
      expect((await agent.send(undefined, { message: 'pay Bob' }, { uid: 'ann' })).status).toBe('interrupted');
    }
  });

  it('refuses a bound that is no whole number', () => {
    const store = new InMemorySessionStore();
    expect(() => bank(store, { perOwner: 1.5, perAgent: 3 })).toThrow(/waitingApprovals.perOwner/);
    expect(() => bank(store, { perOwner: 1, perAgent: -1 })).toThrow(/waitingApprovals.perAgent/);
  });
});

describe.skipIf(!host)('waitingApprovals on Firestore', () => {
  it.each(['sdk', 'rest'] as const)(
    'frees a slot when the cleanup expires a waiting approval (%s)',
    async (backend) => {
      const { store, prefix, inboxOf } = world(backend);
      const agent = bank(store);
      const ask = () => agent.send(undefined, { message: 'pay Bob' }, { uid: 'ann' });
      const first = await ask();
      await ask();
      expect((await ask()).status).toBe('done');
      // The cleanup runs on the SDK's client (it scans).
      const sweeper = new FirestoreSessionStore({ firestore: sdkClient(), ...(prefix ? { prefix } : {}) });
      await runCleanup({ store: sweeper, clock: () => Date.now() + 2 * DAY });
      expect(await inboxOf?.(first.sessionId)).toEqual(['expired']);
      expect((await ask()).status).toBe('interrupted');
    },
  );

  it.each(['sdk', 'rest'] as const)(
    'reads the counts only when a round would leave a call waiting: a warm text turn stays at 0 reads / 2 writes (%s)',
    async (backend) => {
      const ops: StoreOperation[] = [];
      const { store } = world(backend, ops);
      const agent = bank(store);
      const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'ann' });
      let from = ops.length;
      await agent.send(sessionId, { message: 'hi again' }, { uid: 'ann' });
      const warm = ops.slice(from);
      expect(warm.filter((op) => op.kind === 'count')).toEqual([]);
      expect(warm.reduce((n, op) => n + op.reads, 0)).toBe(0);
      expect(warm.reduce((n, op) => n + op.writes, 0)).toBe(2);
      // A call that would wait: the owner's count and the agent's, one read each, before its commit.
      from = ops.length;
      await agent.send(sessionId, { message: 'pay Bob' }, { uid: 'ann' });
      expect(ops.slice(from).filter((op) => op.kind === 'count')).toEqual([
        { kind: 'count', reads: 1, writes: 0 },
        { kind: 'count', reads: 1, writes: 0 },
      ]);
    },
  );
});
