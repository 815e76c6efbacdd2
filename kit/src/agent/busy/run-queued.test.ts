import { describe, expect, it } from 'vitest';
import { KitError } from '../../errors/index.js';
import { InMemorySessionStore, type QueuedMessage } from '../../session/index.js';
import { requestDigest } from '../call-records/index.js';
import { defineAgent } from '../define-agent.js';
import { resolveAgent } from '../runtime/index.js';
import { echoModel, gate, userTexts } from '../test-utils/agent-fixtures.js';
import { type QueueDeps, runQueued, runQueuedAfter, waitForQueuedTurn } from './run-queued.js';

const alice = { uid: 'alice' };
const bounds = { maxItems: 5, ownerUid: 'alice', expireAt: 9 };

function queued(requestId: string, text: string): QueuedMessage {
  const message = { role: 'user' as const, content: [{ text }] };
  return { requestId, uid: 'alice', message, digest: requestDigest(message, undefined), at: 1 };
}

/** An echo agent over a memory store, and queue deps that count the turns they run. */
function world() {
  const store = new InMemorySessionStore();
  let modelCalls = 0;
  const model = echoModel({ before: () => void modelCalls++ });
  const agent = defineAgent({ name: 'q', model, store, whileBusy: 'queue' });
  // The turn itself (an agent that rejects runs it as it is): what runQueued must be given, never a send that queues.
  const plain = defineAgent({ name: 'q', model, store });
  const deps: QueueDeps = { rt: resolveAgent({ name: 'q', model, store }), turn: plain.send };
  const texts = async (id: string) => userTexts((await store.load(id))?.session.history ?? []);
  return { store, agent, plain, deps, texts, modelCalls: () => modelCalls };
}

describe('runQueued', () => {
  it('runs a queued message with its sender as the turn’s auth (ctx.context.auth.uid), as a call of theirs would', async () => {
    const { store, plain } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    await store.queue.push(s1, queued('q1', 'm1'), bounds);
    const seen: unknown[] = [];
    const deps: QueueDeps = {
      rt: resolveAgent({ name: 'q', model: echoModel(), store }),
      turn: async (sessionId, input, ctx) => {
        seen.push(ctx.context?.auth);
        return plain.send(sessionId, input, ctx);
      },
    };
    await expect(runQueued(deps, s1)).resolves.toEqual({ ran: ['q1'], left: 0 });
    expect(seen).toEqual([{ uid: 'alice', token: {} }]);
  });

  it('answers each waiting message once, in order, when two runs start at the same time', async () => {
    const { store, agent, texts, modelCalls } = world();
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    for (const n of [1, 2, 3]) await store.queue.push(s1, queued(`q${n}`, `m${n}`), bounds);
    const before = modelCalls();
    const runs = await Promise.all([agent.runQueued(s1), agent.runQueued(s1)]);
    expect(runs.flatMap((r) => r.ran)).toEqual(['q1', 'q2', 'q3']);
    expect(await texts(s1)).toEqual(['hi', 'm1', 'm2', 'm3']);
    expect(modelCalls() - before).toBe(3);
    expect(await store.queue.list(s1)).toEqual([]);
  });

  it('takes a head whose turn was journaled already off the queue without running it again', async () => {
    const { store, plain, deps, texts, modelCalls } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    // Its turn ran (request id q1), then the instance died before it took it off the queue.
    await plain.send(s1, { message: 'm1' }, { ...alice, requestId: 'q1' });
    await store.queue.push(s1, queued('q1', 'm1'), bounds);
    const before = modelCalls();
    await expect(runQueued(deps, s1)).resolves.toEqual({ ran: ['q1'], left: 0 });
    expect(modelCalls()).toBe(before);
    expect(await texts(s1)).toEqual(['hi', 'm1']);
  });

  it('leaves the queue as it is, waiting held, while another call holds the session', async () => {
    const store = new InMemorySessionStore();
    const hold = gate();
    const started = gate();
    const model = echoModel({
      before: async (call) => {
        if (call !== 2) return;
        started.open();
        await hold.promise;
      },
    });
    const agent = defineAgent({ name: 'q', model, store });
    const deps: QueueDeps = { rt: resolveAgent({ name: 'q', model, store }), turn: agent.send };
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const running = agent.send(s1, { message: 'long' }, alice);
    await started.promise;
    await store.queue.push(s1, queued('q1', 'm1'), bounds);
    await expect(runQueued(deps, s1)).resolves.toEqual({ ran: [], left: 1, waiting: 'held' });
    hold.open();
    await running;
    await expect(runQueued(deps, s1)).resolves.toEqual({ ran: ['q1'], left: 0 });
  });

  it('stops at the message named by until, tells its waiter how its turn ended, and leaves the rest for the next run', async () => {
    const { store, plain, deps } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    for (const n of [1, 2, 3]) await store.queue.push(s1, queued(`q${n}`, `m${n}`), bounds);
    const own = waitForQueuedTurn(deps.rt, s1, { requestId: 'q2', ctx: alice });
    await expect(runQueued(deps, s1, 'q2')).resolves.toEqual({ ran: ['q1', 'q2'], left: 1 });
    await expect(own.ended).resolves.toEqual({
      result: expect.objectContaining({ sessionId: s1, status: 'done', text: 'echo: m2' }),
    });
    own.forget();
  });

  it('runs a waiting call’s message as that call in a run it did not start, one run after another on the instance', async () => {
    const { store, plain, deps } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    for (const n of [1, 2]) await store.queue.push(s1, queued(`q${n}`, `m${n}`), bounds);
    const chunks: unknown[] = [];
    const own = waitForQueuedTurn(deps.rt, s1, { requestId: 'q2', ctx: { ...alice, onChunk: (c) => chunks.push(c) } });
    // A run under way on the instance (the one a turn's end starts), then the call's own run behind it.
    const first = runQueuedAfter(deps, s1);
    const second = runQueuedAfter(deps, s1, 'q2');
    const ended = await own.ended;
    expect(ended).toEqual({ result: expect.objectContaining({ status: 'done', text: 'echo: m2' }) });
    // The first run reached the message and ran it as the waiting call: its words streamed to it.
    await expect(first).resolves.toEqual({ ran: ['q1', 'q2'], left: 0 });
    await expect(second).resolves.toEqual({ ran: [], left: 0 });
    expect(chunks.length).toBeGreaterThan(0);
    own.forget();
  });

  it('gives the error of the turn named by until, and takes it off the queue unrun again, when that turn fails', async () => {
    const store = new InMemorySessionStore();
    let calls = 0;
    const model = echoModel({
      before: (_call, request) => {
        if (userTexts(request.messages).at(-1) !== 'm1') return;
        calls++;
        throw new KitError('unavailable', 'the model is down', { reason: 'MODEL_UNAVAILABLE' });
      },
    });
    const plain = defineAgent({ name: 'q', model, store });
    const deps: QueueDeps = { rt: resolveAgent({ name: 'q', model, store }), turn: plain.send };
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    await store.queue.push(s1, queued('q1', 'm1'), bounds);
    const own = waitForQueuedTurn(deps.rt, s1, { requestId: 'q1', ctx: alice });
    await expect(runQueued(deps, s1, 'q1')).resolves.toEqual({ ran: ['q1'], left: 0 });
    await expect(own.ended).resolves.toMatchObject({ error: { reason: 'MODEL_UNAVAILABLE' } });
    own.forget();
    expect(calls).toBe(1);
    expect(await store.queue.list(s1)).toEqual([]);
  });

  it('runs nothing and says so when the store has no queue', async () => {
    const { deps } = world();
    const bare = { ...deps, rt: { ...deps.rt, store: { ...deps.rt.store, queue: undefined } } };
    await expect(runQueued(bare as QueueDeps, 's1')).resolves.toEqual({ ran: [], left: 0 });
  });
});
