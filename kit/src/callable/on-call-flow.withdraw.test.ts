import { describe, expect, it } from 'vitest';
import { busyAgent } from '../agent/test-utils/busy-agent.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest, rejectionCode } from './test-utils/callable-request.js';

const alice = { uid: 'alice' };

/** A queueing agent's callable whose turn on "slow" holds until `release` opens. */
function queueingCallable() {
  const w = busyAgent();
  return { ...w, fn: onCallFlow({}, w.agent) };
}

describe('onCallFlow: withdrawing a queued message', () => {
  it('answers withdrawn and the message never runs when its sender takes it back before its turn', async () => {
    const { fn, agent, store, release, started } = queueingCallable();
    await fn.run(callableRequest({ sessionId: 'chat-1', message: 'hi' }, alice));
    const slow = fn.run(callableRequest({ sessionId: 'chat-1', message: 'slow' }, alice));
    await started.promise;
    await expect(
      fn.run(callableRequest({ sessionId: 'chat-1', message: 'later', requestId: 'q-1' }, alice)),
    ).resolves.toMatchObject({ status: 'queued', requestId: 'q-1' });
    await expect(fn.run(callableRequest({ sessionId: 'chat-1', withdraw: 'q-1' }, alice))).resolves.toEqual({
      sessionId: 'chat-1',
      requestId: 'q-1',
      status: 'withdrawn',
    });
    release.open();
    await slow;
    await agent.idle();
    const texts = (await store.load('chat-1'))?.session.history.flatMap((m) =>
      m.role === 'user' ? m.content.flatMap((p) => ('text' in p ? [p.text] : [])) : [],
    );
    expect(texts).toEqual(['hi', 'slow']);
  });

  it('refuses a withdraw of a message that does not wait with failed-precondition NOT_QUEUED, naming the session', async () => {
    const { fn } = queueingCallable();
    await fn.run(callableRequest({ sessionId: 'chat-2', message: 'hi' }, alice));
    const error = await rejectionCode(fn.run(callableRequest({ sessionId: 'chat-2', withdraw: 'nope' }, alice)));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'NOT_QUEUED', sessionId: 'chat-2' },
    });
  });

  it('refuses a malformed withdraw with invalid-argument before anything is read', async () => {
    const { fn } = queueingCallable();
    for (const data of [
      { sessionId: 'chat-3', withdraw: '' },
      { withdraw: 'q-1' },
      { sessionId: 'chat-3', withdraw: 'q-1', message: 'hi' },
    ]) {
      await expect(rejectionCode(fn.run(callableRequest(data, alice)))).resolves.toMatchObject({
        code: 'invalid-argument',
      });
    }
  });

  it('refuses another user’s withdraw with permission-denied NOT_OWNER', async () => {
    const { fn } = queueingCallable();
    await fn.run(callableRequest({ sessionId: 'chat-4', message: 'hi' }, alice));
    const error = await rejectionCode(
      fn.run(callableRequest({ sessionId: 'chat-4', withdraw: 'q-1' }, { uid: 'mallory' })),
    );
    expect(error).toMatchObject({ code: 'permission-denied', details: { reason: 'NOT_OWNER' } });
  });
});
