import { describe, expect, it } from 'vitest';
import type { GenerateResponseChunk } from '../../model/index.js';
import { InMemorySessionStore } from '../../session/index.js';
import { requestDigest } from '../call-records/index.js';
import { defineAgent } from '../define-agent.js';
import { resolveAgent } from '../runtime/index.js';
import { echoModel, userTexts } from '../test-utils/agent-fixtures.js';
import { queueFull, queueMessage } from './queue-message.js';
import type { QueueDeps } from './run-queued.js';

const alice = { uid: 'alice' };
const user = (text: string) => ({ role: 'user' as const, content: [{ text }] });

function world() {
  const store = new InMemorySessionStore();
  const model = echoModel();
  const plain = defineAgent({ name: 'q', model, store });
  const deps: QueueDeps = { rt: resolveAgent({ name: 'q', model, store, whileBusy: 'queue' }), turn: plain.send };
  const texts = async (id: string) => userTexts((await store.load(id))?.session.history ?? []);
  return { store, plain, deps, texts };
}

describe('queueFull', () => {
  it('is resource-exhausted with reason QUEUE_FULL and the bound when the queue is full', () => {
    expect(queueFull('s1', 3)).toMatchObject({
      code: 'resource-exhausted',
      reason: 'QUEUE_FULL',
      details: { maxQueued: 3 },
    });
  });
});

describe('queueMessage', () => {
  it('runs the queue up to its own message and answers with that message’s result when nobody holds the session', async () => {
    const { store, plain, deps, texts } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    const first = user('first');
    await store.queue.push(
      s1,
      { requestId: 'q1', uid: 'alice', message: first, digest: requestDigest(first, undefined), at: 1 },
      { maxItems: 3, ownerUid: 'alice', expireAt: 9 },
    );
    const answered = await queueMessage(deps, s1, { message: 'second' }, { ...alice, requestId: 'q2' }, user('second'));
    expect(answered).toMatchObject({ status: 'done', text: 'echo: second' });
    expect(await texts(s1)).toEqual(['hi', 'first', 'second']);
  });

  it('streams its own turn, and no turn before it, to the call that runs the queue up to its message', async () => {
    const { store, plain, deps } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    const first = user('first');
    await store.queue.push(
      s1,
      { requestId: 'q1', uid: 'alice', message: first, digest: requestDigest(first, undefined), at: 1 },
      { maxItems: 3, ownerUid: 'alice', expireAt: 9 },
    );
    const streamed: string[] = [];
    const onChunk = (chunk: GenerateResponseChunk) => {
      for (const part of chunk.content) if ('text' in part) streamed.push(part.text);
    };
    const ctx = { ...alice, requestId: 'q2', onChunk };
    await queueMessage(deps, s1, { message: 'second' }, ctx, user('second'));
    expect(streamed.join('')).toBe('echo: second');
  });

  it('runs its own message to its end, leaving nothing queued, when the waiting call has gone away', async () => {
    const { store, plain, deps, texts } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    const first = user('first');
    await store.queue.push(
      s1,
      { requestId: 'q1', uid: 'alice', message: first, digest: requestDigest(first, undefined), at: 1 },
      { maxItems: 3, ownerUid: 'alice', expireAt: 9 },
    );
    const ctx = { ...alice, requestId: 'q2', signal: AbortSignal.abort() };
    await expect(queueMessage(deps, s1, { message: 'second' }, ctx, user('second'))).resolves.toMatchObject({
      status: 'done',
      text: 'echo: second',
    });
    expect(await texts(s1)).toEqual(['hi', 'first', 'second']);
    expect(await store.queue.list(s1)).toEqual([]);
  });

  it('answers a request id the session knows from its stored result and queues nothing', async () => {
    const { store, plain, deps } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, { ...alice, requestId: 'r1' })).sessionId;
    const again = await queueMessage(deps, s1, { message: 'hi' }, { ...alice, requestId: 'r1' }, user('hi'));
    expect(again).toMatchObject({ status: 'done', text: 'echo: hi' });
    expect(await store.queue.list(s1)).toEqual([]);
  });

  it('refuses another user with NOT_OWNER before anything is queued', async () => {
    const { store, plain, deps } = world();
    const s1 = (await plain.send(undefined, { message: 'hi' }, alice)).sessionId;
    await expect(queueMessage(deps, s1, { message: 'x' }, { uid: 'bob' }, user('x'))).rejects.toMatchObject({
      reason: 'NOT_OWNER',
    });
    expect(await store.queue.list(s1)).toEqual([]);
  });
});
