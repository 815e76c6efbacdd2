import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isKitError, type KitError } from '../../errors/index.js';
import type { GenerateRequest, ModelRunnerResponse } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/index.js';
import { defineTool } from '../../tools/index.js';
import { type ContinuationOptions, MemoryContinuationQueue } from '../continuation-queue/index.js';
import { defineAgent } from '../define-agent.js';
import type { WhileBusy } from '../runtime/index.js';
import { type Gate, gate, userTexts } from '../test-utils/agent-fixtures.js';
import type { AgentTurnResult } from '../turn/index.js';

const alice = { uid: 'alice' };

/** An echo agent whose turn on the message "slow" runs a tool that holds until `release` opens (or the turn is stopped). */
function busyAgent<W extends WhileBusy>(whileBusy: W, maxQueued?: number, continuation?: ContinuationOptions) {
  const store = new InMemorySessionStore();
  const release: Gate = gate();
  const started: Gate = gate();
  const wait = defineTool(
    { name: 'wait', description: 'Takes its time.', inputSchema: z.object({}), sideEffects: 'idempotent' },
    async (_input, ctx) => {
      started.open();
      await Promise.race([release.promise, new Promise((r) => ctx.signal.addEventListener('abort', r))]);
      return 'waited';
    },
  );
  const model = scriptedModel(async (request: GenerateRequest): Promise<ModelRunnerResponse | string> => {
    const last = request.messages.at(-1);
    const [text = ''] = userTexts(request.messages.filter((m) => m.role === 'user').slice(-1));
    if (last?.role === 'tool') return `echo: ${text}`;
    if (text !== 'slow') return `echo: ${text}`;
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'wait', ref: 'w1', input: {} } }] },
      finishReason: 'stop',
    };
  });
  const agent = defineAgent({
    name: 'busy',
    model,
    tools: [wait],
    store,
    whileBusy,
    ...(maxQueued ? { maxQueued } : {}),
    ...(continuation ? { continuation } : {}),
  });
  const history = async (id: string) => (await store.load(id))?.session.history ?? [];
  return { agent, store, release, started, history };
}

async function refusal(run: Promise<unknown>): Promise<KitError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isKitError(error)) throw new Error(`expected a kit error, got ${String(error)}`);
  return error;
}

const asResult = (r: unknown) => r as AgentTurnResult;

describe('sendWhileBusy', () => {
  it('hands a queued message to the continuation queue once, under the running turn’s lease, and its task answers it once after the turn, when the agent has a continuation', async () => {
    const tasks = new MemoryContinuationQueue();
    // The turn itself is never handed off here (it runs far less than afterMs): only the queued message is.
    const { agent, store, release, started, history } = busyAgent('queue', undefined, {
      queue: tasks,
      afterMs: 60_000,
    });
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, { ...alice, requestId: 'slow-1' });
    await started.promise;
    const lease = (await store.load(s1))?.session.lease?.id;
    expect(await agent.send(s1, { message: 'm1' }, { ...alice, requestId: 'q1' })).toMatchObject({ status: 'queued' });
    // The sender's retry while it waits: queued again, and no second task.
    expect(await agent.send(s1, { message: 'm1' }, { ...alice, requestId: 'q1' })).toMatchObject({ status: 'queued' });
    const handed = tasks.take();
    expect(handed).toHaveLength(1);
    expect(handed[0]?.task).toEqual({ agent: 'busy', sessionId: s1, leaseId: lease, handOffs: 0 });
    expect(handed[0]?.options.id).toMatch(/^queued-[0-9a-f]{40}$/);
    release.open();
    await slow;
    // The task comes after the turn (and beside the turn's own instance's queue run): the message is answered once.
    expect(await agent.continue((handed[0] as { task: Parameters<typeof agent.continue>[0] }).task)).toBe('finished');
    expect(userTexts(await history(s1))).toEqual(['hi', 'slow', 'm1']);
    expect(await store.queue.list(s1)).toEqual([]);
  });

  it('queues three messages sent while a turn runs and answers them after it, in order, once each, when the agent queues', async () => {
    const { agent, store, release, started, history } = busyAgent('queue');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, { ...alice, requestId: 'slow-1' });
    await started.promise;
    const queued = [];
    for (const n of [1, 2, 3])
      queued.push(await agent.send(s1, { message: `m${n}` }, { ...alice, requestId: `q${n}` }));
    expect(queued).toEqual(
      [1, 2, 3].map((n) => ({ sessionId: s1, status: 'queued', requestId: `q${n}`, position: n })),
    );
    expect((await store.queue.list(s1)).map((q) => q.requestId)).toEqual(['q1', 'q2', 'q3']);
    release.open();
    expect(asResult(await slow).text).toBe('echo: slow');
    await agent.runQueued(s1);
    expect(userTexts(await history(s1))).toEqual(['hi', 'slow', 'm1', 'm2', 'm3']);
    const answers = (await history(s1)).filter((m) => m.role === 'model' && 'text' in (m.content[0] ?? {}));
    expect(answers.map((m) => m.content[0])).toEqual(
      ['hi', 'slow', 'm1', 'm2', 'm3'].map((t) => ({ text: `echo: ${t}` })),
    );
    expect(await store.queue.list(s1)).toEqual([]);
    // A retry of a queued call, once it ran, gets its stored result.
    const again = await agent.send(s1, { message: 'm2' }, { ...alice, requestId: 'q2' });
    expect(asResult(again).text).toBe('echo: m2');
    expect(userTexts(await history(s1))).toHaveLength(5);
  });

  it('answers the queued messages on the instance whose turn ended, after its caller, and idle() waits for that run', async () => {
    const { agent, store, release, started, history } = busyAgent('queue');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, { ...alice, requestId: 'slow-1' });
    await started.promise;
    for (const n of [1, 2]) await agent.send(s1, { message: `m${n}` }, { ...alice, requestId: `q${n}` });
    release.open();
    expect(asResult(await slow).text).toBe('echo: slow');
    await agent.idle();
    expect(userTexts(await history(s1))).toEqual(['hi', 'slow', 'm1', 'm2']);
    expect(await store.queue.list(s1)).toEqual([]);
    await expect(agent.idle()).resolves.toBeUndefined();
  });

  it('answers a retry of a waiting message queued again at its place and never queues it twice', async () => {
    const { agent, store, release, started } = busyAgent('queue');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, alice);
    await started.promise;
    await agent.send(s1, { message: 'm1' }, { ...alice, requestId: 'q1' });
    await agent.send(s1, { message: 'm2' }, { ...alice, requestId: 'q2' });
    await expect(agent.send(s1, { message: 'm1' }, { ...alice, requestId: 'q1' })).resolves.toMatchObject({
      status: 'queued',
      position: 1,
    });
    expect(await refusal(agent.send(s1, { message: 'other' }, { ...alice, requestId: 'q1' }))).toMatchObject({
      reason: 'REQUEST_ID_REUSED',
    });
    expect((await store.queue.list(s1)).map((q) => q.requestId)).toEqual(['q1', 'q2']);
    release.open();
    await slow;
    await agent.runQueued(s1);
  });

  it('refuses a message with resource-exhausted QUEUE_FULL, naming the session, and stores nothing when maxQueued wait already', async () => {
    const { agent, store, release, started, history } = busyAgent('queue', 2);
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, alice);
    await started.promise;
    await agent.send(s1, { message: 'm1' }, alice);
    await agent.send(s1, { message: 'm2' }, alice);
    const full = await refusal(agent.send(s1, { message: 'm3' }, alice));
    expect(full).toMatchObject({ code: 'resource-exhausted', reason: 'QUEUE_FULL' });
    expect(full.details).toEqual({ maxQueued: 2, sessionId: s1, reason: 'QUEUE_FULL' });
    expect(await store.queue.list(s1)).toHaveLength(2);
    release.open();
    await slow;
    await agent.runQueued(s1);
    expect(userTexts(await history(s1))).toEqual(['hi', 'slow', 'm1', 'm2']);
  });

  it('puts a new message behind the waiting ones, and answers it after them, when the session is free but its queue is not', async () => {
    const { agent, store, history } = busyAgent('queue');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    // A message left waiting (the run after its turn never came: its instance died).
    const left = { role: 'user' as const, content: [{ text: 'waiting' }] };
    await store.queue.push(
      s1,
      { requestId: 'w1', uid: 'alice', message: left, digest: 'x', at: 1 },
      { maxItems: 3, ownerUid: 'alice', expireAt: 2 },
    );
    const later = await agent.send(s1, { message: 'later' }, { ...alice, requestId: 'l1' });
    expect(asResult(later).text).toBe('echo: later');
    expect(userTexts(await history(s1))).toEqual(['hi', 'waiting', 'later']);
    expect(await store.queue.list(s1)).toEqual([]);
  });

  it('refuses a message on another user’s busy session with NOT_OWNER and queues nothing', async () => {
    const { agent, store, release, started } = busyAgent('queue');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, alice);
    await started.promise;
    await agent.send(s1, { message: 'm1' }, alice);
    expect(await refusal(agent.send(s1, { message: 'mine' }, { uid: 'bob' }))).toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_OWNER',
    });
    expect(await store.queue.list(s1)).toHaveLength(1);
    release.open();
    await slow;
    await agent.runQueued(s1);
  });

  it('queues the loser of two first messages that bring the same new session id at once, when the agent queues', async () => {
    const { agent, store, release, started, history } = busyAgent('queue');
    const calls = ['a', 'b'].map((requestId) => agent.send('new-chat', { message: 'slow' }, { ...alice, requestId }));
    await started.promise;
    const queued = await Promise.race(calls);
    expect(queued).toMatchObject({ sessionId: 'new-chat', status: 'queued', position: 1 });
    release.open();
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status === 'queued')).toHaveLength(1);
    await agent.idle();
    expect(userTexts(await history('new-chat'))).toEqual(['slow', 'slow']);
    expect((await store.load('new-chat'))?.session).toMatchObject({ ownerUid: 'alice', status: 'idle' });
    expect(await store.queue.list('new-chat')).toEqual([]);
  });

  it('keeps a retry of the running call waiting (SESSION_BUSY), never queued, when its own turn still runs', async () => {
    const { agent, store, release, started } = busyAgent('queue');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, { ...alice, requestId: 'slow-1' });
    await started.promise;
    expect(await refusal(agent.send(s1, { message: 'slow' }, { ...alice, requestId: 'slow-1' }))).toMatchObject({
      reason: 'SESSION_BUSY',
    });
    expect(await store.queue.list(s1)).toEqual([]);
    release.open();
    await slow;
  });

  it('stops the running turn and answers the new message, keeping both in order, when the agent interrupts', async () => {
    const { agent, store, started, history } = busyAgent('interrupt');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = refusal(agent.send(s1, { message: 'slow' }, { ...alice, requestId: 'slow-1' }));
    await started.promise;
    const next = await agent.send(s1, { message: 'instead' }, { ...alice, requestId: 'n1' });
    expect(asResult(next).text).toBe('echo: instead');
    expect(await slow).toMatchObject({ code: 'cancelled', reason: 'STOPPED' });
    expect(userTexts(await history(s1))).toEqual(['hi', 'slow', 'instead']);
    expect((await store.load(s1))?.session.status).toBe('idle');
  });

  it('refuses a message SESSION_BUSY while a turn runs, as before, when the agent rejects', async () => {
    const { agent, release, started } = busyAgent('reject');
    const s1 = (await agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    const slow = agent.send(s1, { message: 'slow' }, alice);
    await started.promise;
    expect(await refusal(agent.send(s1, { message: 'm1' }, alice))).toMatchObject({ reason: 'SESSION_BUSY' });
    release.open();
    await slow;
  });
});
