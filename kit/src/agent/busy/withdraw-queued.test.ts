import { describe, expect, it } from 'vitest';
import { rejection } from '../../test-utils/kit-test-helpers.js';
import { userTexts } from '../test-utils/agent-fixtures.js';
import { busyAgent } from '../test-utils/busy-agent.js';

const alice = { uid: 'alice' };

/** A session with a slow turn running and message `q1` ("later") queued behind it. */
async function queuedBehindSlow() {
  const w = busyAgent();
  const s1 = (await w.agent.send(undefined, { message: 'hi' }, alice)).sessionId;
  const slow = w.agent.send(s1, { message: 'slow' }, alice);
  await w.started.promise;
  await expect(w.agent.send(s1, { message: 'later' }, { ...alice, requestId: 'q1' })).resolves.toMatchObject({
    status: 'queued',
  });
  return { ...w, s1, slow };
}

describe('withdrawQueued', () => {
  it('takes a queued message back before it runs, so the queue never answers it', async () => {
    const { agent, store, release, slow, s1, answered } = await queuedBehindSlow();
    await expect(agent.withdraw(s1, 'q1', alice)).resolves.toEqual({
      sessionId: s1,
      requestId: 'q1',
      status: 'withdrawn',
    });
    expect(await store.queue.list(s1)).toEqual([]);
    release.open();
    await slow;
    await agent.idle();
    expect(answered).toEqual(['hi', 'slow']);
    expect(userTexts((await store.load(s1))?.session.history ?? [])).toEqual(['hi', 'slow']);
  });

  it('refuses a withdraw with failed-precondition ALREADY_RUNNING once the message ran', async () => {
    const { agent, release, slow, s1 } = await queuedBehindSlow();
    release.open();
    await slow;
    await agent.idle();
    expect(await rejection(agent.withdraw(s1, 'q1', alice))).toMatchObject({
      code: 'failed-precondition',
      reason: 'ALREADY_RUNNING',
      details: { sessionId: s1, requestId: 'q1' },
    });
  });

  it('refuses a withdraw with failed-precondition ALREADY_RUNNING once a queue run claimed the message', async () => {
    const { agent, store, release, slow, s1 } = await queuedBehindSlow();
    await store.queue.claim(s1, 'q1');
    expect(await rejection(agent.withdraw(s1, 'q1', alice))).toMatchObject({ reason: 'ALREADY_RUNNING' });
    release.open();
    await slow;
    await agent.idle();
  });

  it('refuses a withdraw of a message that never waited with failed-precondition NOT_QUEUED', async () => {
    const { agent, release, slow, s1 } = await queuedBehindSlow();
    expect(await rejection(agent.withdraw(s1, 'nope', alice))).toMatchObject({
      code: 'failed-precondition',
      reason: 'NOT_QUEUED',
    });
    release.open();
    await slow;
    await agent.idle();
  });

  it('refuses another user’s withdraw with NOT_OWNER and leaves the message waiting', async () => {
    const { agent, store, release, slow, s1 } = await queuedBehindSlow();
    expect(await rejection(agent.withdraw(s1, 'q1', { uid: 'bob' }))).toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_OWNER',
    });
    expect((await store.queue.list(s1)).map((i) => i.requestId)).toEqual(['q1']);
    release.open();
    await slow;
    await agent.idle();
  });

  it('lets exactly one of a withdraw and the queue run win when they race for the head', async () => {
    for (let round = 0; round < 5; round++) {
      const { agent, release, slow, s1, answered } = await queuedBehindSlow();
      release.open();
      const [withdrawn] = await Promise.all([
        agent.withdraw(s1, 'q1', alice).then(
          () => true,
          () => false,
        ),
        slow,
      ]);
      await agent.idle();
      expect(answered.includes('later')).toBe(!withdrawn);
    }
  });
});
