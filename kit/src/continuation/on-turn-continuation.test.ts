import { describe, expect, it } from 'vitest';
import { type Agent, type ContinuationTask, defineAgent } from '../agent/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { CONTINUATION_RETRY, onTurnContinuation } from './on-turn-continuation.js';

const agent = (): Agent =>
  defineAgent({ name: 'chat', model: scriptedModel(['hi']), store: new InMemorySessionStore() });

describe('onTurnContinuation', () => {
  it('declares a task queue whose retries come back after a lease would have lapsed', () => {
    const fn = onTurnContinuation({ region: 'us-central1', agents: { chat: agent } });
    const endpoint = (fn as unknown as { __endpoint: { taskQueueTrigger: { retryConfig: unknown } } }).__endpoint;
    expect(endpoint.taskQueueTrigger.retryConfig).toMatchObject({
      minBackoffSeconds: CONTINUATION_RETRY.minBackoffSeconds,
      maxDoublings: 0,
    });
    expect(CONTINUATION_RETRY.minBackoffSeconds * 1000).toBeGreaterThan(12_000);
  });

  it('answers unavailable, so the queue tries again, while the turn it names still runs', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const store = new InMemorySessionStore();
    const chat = defineAgent({
      name: 'chat',
      model: scriptedModel(async () => {
        if (++calls === 2) await held;
        return 'hi';
      }),
      store,
    });
    const { sessionId } = await chat.send(undefined, { message: 'hello' }, { uid: 'u1' });
    const turn = chat.send(sessionId, { message: 'hold on' }, { uid: 'u1' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const leaseId = (await store.load(sessionId))?.session.lease?.id as string;
    const fn = onTurnContinuation({ agents: { chat } });
    const data: ContinuationTask = { agent: 'chat', sessionId, leaseId, handOffs: 0 };
    await expect(fn.run({ data } as Parameters<typeof fn.run>[0])).rejects.toMatchObject({ code: 'unavailable' });
    release();
    await turn;
  });

  it('runs a task to its end, quietly, when the turn it names is over', async () => {
    const chat = agent();
    const { sessionId } = await chat.send(undefined, { message: 'hello' }, { uid: 'u1' });
    const fn = onTurnContinuation({ agents: { chat } });
    const data: ContinuationTask = { agent: 'chat', sessionId, leaseId: 'an-old-lease', handOffs: 0 };
    await expect(fn.run({ data } as Parameters<typeof fn.run>[0])).resolves.toBeUndefined();
  });
});
