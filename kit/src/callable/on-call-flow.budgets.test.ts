import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import type { GenerateRequest, Message, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { FirestoreSessionStore } from '../session/firestore/index.js';
import { InMemorySessionStore, type SessionStore } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { gate } from '../test-utils/gate.js';
import { approversWithClaim, defineTool } from '../tools/index.js';
import { dayOf, FirestoreUsageCounters, InMemoryUsageCounters, type UsageCounterStore } from '../usage/index.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest, rejectionCode } from './test-utils/callable-request.js';

// Budgets count the tokens where they are spent: each turn's writes charge its model calls to the
// session's owner, on the memory store and on Firestore (the counters the limiter reads, written
// in the session's own commits), whoever's call ran the turn.

/** A store whose writes charge usage, and the counters the limiter reads (the same ones). */
interface Backend {
  store: SessionStore;
  counters: UsageCounterStore;
}

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: budgets on Firestore — no Firestore emulator ***\n');
const projectId = demoProjectId('budgets');
let firestore: Firestore | undefined;
let tenants = 0;

afterAll(async () => {
  await firestore?.terminate();
});

const backends: [string, () => Backend][] = [
  [
    'memory',
    () => {
      const counters = new InMemoryUsageCounters();
      return { counters, store: new InMemorySessionStore({ usage: counters }) };
    },
  ],
];
if (host) {
  backends.push([
    'Firestore',
    () => {
      firestore ??= emulatorFirestore(host, projectId);
      const tenant = `b${tenants++}_`;
      const collection = `${tenant}usage`;
      return {
        counters: new FirestoreUsageCounters({ firestore: firestore as never, collection }),
        store: new FirestoreSessionStore({
          firestore: firestore as never,
          prefix: tenant,
          usageCollection: collection,
        }),
      };
    },
  ]);
}

/** An answer costing `tokens` (input + output). */
const costing = (tokens: number, message: Message['content'] = [{ text: 'ok' }]): ModelRunnerResponse => ({
  message: { role: 'model', content: message },
  finishReason: 'stop',
  ...(tokens > 0 ? { usage: { inputTokens: tokens - 1, outputTokens: 1 } } : {}),
});

const lastText = (request: GenerateRequest): string =>
  (request.messages.at(-1)?.content ?? []).map((part) => ('text' in part ? part.text : '')).join('');

/** The tokens counted today for `uid`: its total and, by session, its lines. */
async function spent(counters: UsageCounterStore, uid: string) {
  const { tokens, sessions } = await counters.read(uid, dayOf(Date.now()));
  return { tokens, sessions };
}

const alice = { uid: 'alice' };

describe.each(backends)('onCallFlow budgets (%s)', (_name, backend) => {
  it('refuses the next call BUDGET_EXHAUSTED after four queued turns of 1,000 tokens spent a 2,500-token day', async () => {
    const { store, counters } = backend();
    const held = gate();
    // `hold` waits at the model (the running turn the others queue behind) and costs nothing.
    const model = scriptedModel(async (request) => {
      if (lastText(request) === 'hold') {
        await held.promise;
        return costing(0);
      }
      return lastText(request) === 'hello' ? costing(0) : costing(1000);
    });
    const agent = defineAgent({ name: 'queues', model, store, whileBusy: 'queue', maxQueued: 4 });
    const fn = onCallFlow({ traces: false, limits: { counters, tokensPerUserPerDay: 2500 } }, agent);
    const { sessionId } = await fn.run(callableRequest({ message: 'hello' }, alice));
    const holding = fn.run(callableRequest({ sessionId, message: 'hold' }, alice));
    await vi.waitFor(async () => expect((await store.load(sessionId))?.session.lease).toBeDefined(), {
      timeout: 30_000,
    });
    // Each is admitted: nothing is spent yet.
    const queued = [1, 2, 3, 4].map((n) =>
      fn.run(callableRequest({ sessionId, message: `queued ${n}`, requestId: `q${n}` }, alice)).then(
        (result) => result,
        (error: unknown) => error,
      ),
    );
    await vi.waitFor(async () => expect((await store.queue?.list(sessionId))?.length).toBe(4), { timeout: 30_000 });
    held.open();
    await holding;
    // Each queued call is answered (by its own turn's result, or `queued` when it was told its place).
    for (const answer of await Promise.all(queued)) expect(answer).toHaveProperty('sessionId', sessionId);
    await vi.waitFor(async () => expect((await spent(counters, 'alice')).tokens).toBe(4000), { timeout: 30_000 });
    expect((await spent(counters, 'alice')).sessions[sessionId]).toBe(4000);
    const refused = await rejectionCode(fn.run(callableRequest({ sessionId, message: 'one more' }, alice)));
    expect(refused).toMatchObject({ code: 'resource-exhausted', details: { reason: 'BUDGET_EXHAUSTED' } });
  });

  it("charges the turn a manager's approval runs to the session's owner, never the manager, and each turn once", async () => {
    const { store, counters } = backend();
    const refund = defineTool(
      {
        name: 'refund',
        description: 'Refunds, once a manager approves.',
        inputSchema: z.object({ id: z.string() }),
        sideEffects: 'idempotent',
        approvers: approversWithClaim('manager'),
      },
      ({ id }, ctx) => {
        if (!ctx.resumed) ctx.interrupt({ question: `Refund ${id}?` });
        return { refunded: id };
      },
    );
    const model = scriptedModel((request) =>
      request.messages.at(-1)?.role === 'tool'
        ? costing(700)
        : costing(1000, [{ toolRequest: { name: 'refund', ref: 'r1', input: { id: 'o1' } } }]),
    );
    const agent = defineAgent({ name: 'refunds', model, tools: [refund], store });
    const fn = onCallFlow({ traces: false, limits: { counters, tokensPerUserPerDay: 1e6 } }, agent);
    // The owner's reply carries its usage as well: it is counted once, where it was spent.
    const first = await fn.run(callableRequest({ message: 'refund o1' }, alice));
    expect(first).toMatchObject({ status: 'interrupted', usage: { inputTokens: 999, outputTokens: 1 } });
    expect(await spent(counters, 'alice')).toEqual({ tokens: 1000, sessions: { [first.sessionId]: 1000 } });
    const data = { sessionId: first.sessionId, resume: { restart: [{ ref: 'r1', name: 'refund' }] } };
    const answered = await fn.run(callableRequest(data, { uid: 'max', claims: { manager: true } }));
    expect(answered).toMatchObject({ status: 'answered' });
    expect(await spent(counters, 'alice')).toEqual({ tokens: 1700, sessions: { [first.sessionId]: 1700 } });
    // The manager's call is counted as a call of theirs, with none of the owner's tokens.
    expect((await spent(counters, 'max')).tokens).toBe(0);
  });

  it('charges the tokens of a turn that failed, with the write that stores the failure', async () => {
    const { store, counters } = backend();
    const lookup = defineTool(
      { name: 'lookup', description: 'Looks up.', inputSchema: z.object({}), sideEffects: 'none' },
      () => ({ found: true }),
    );
    // The lookup's round is not a write of its own (it changes nothing): its 1,000 tokens ride the failure's.
    const model = scriptedModel((request) => {
      if (request.messages.at(-1)?.role === 'tool') throw new Error('the model is down');
      return costing(1000, [{ toolRequest: { name: 'lookup', input: {} } }]);
    });
    const agent = defineAgent({ name: 'failing', model, tools: [lookup], store });
    const fn = onCallFlow({ traces: false, limits: { counters, tokensPerUserPerDay: 1e6 } }, agent);
    const failed = await rejectionCode(fn.run(callableRequest({ message: 'look it up' }, alice)));
    expect(failed.code).not.toBe('ok');
    const sessionId = (failed.details as { sessionId?: string } | undefined)?.sessionId as string;
    expect((await store.load(sessionId))?.session.status).toBe('failed');
    expect(await spent(counters, 'alice')).toEqual({ tokens: 1000, sessions: { [sessionId]: 1000 } });
  });
});
