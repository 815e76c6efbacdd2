import { describe, expect, it } from 'vitest';
import { KitError } from '../../errors/index.js';
import { type Message, withoutMessageTime } from '../../model/index.js';
import { InMemorySessionStore } from '../../session/index.js';
import { defineAgent } from '../define-agent.js';
import { echoModel, gate, manualClock, userTexts } from '../test-utils/agent-fixtures.js';
import { closeUnansweredMessage, NO_ANSWER_PURPOSE } from './close-unanswered-message.js';

const alice = { uid: 'alice' };
const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
const model = (text: string): Message => ({ role: 'model', content: [{ text }] });
const note = (text: string): Message => ({
  role: 'model',
  content: [{ text, metadata: { purpose: NO_ANSWER_PURPOSE } }],
});

const FAILED = 'This message got no answer: its turn failed before the model answered it, and it was not retried.';
const STOPPED = 'This message got no answer: its turn was stopped before the model answered it.';

/** An echo agent whose model fails, once, on each message named in `failOnce`, or holds one until its call is aborted. */
function world() {
  const store = new InMemorySessionStore();
  const clock = manualClock();
  const failOnce = new Set<string>();
  const holdUntilAborted = new Set<string>();
  const held = gate();
  const echo = echoModel({
    before: async (_call, request, signal) => {
      const text = userTexts(request.messages).at(-1) ?? '';
      if (failOnce.delete(text))
        throw new KitError('unavailable', 'Gemini answered 503', { reason: 'MODEL_UNAVAILABLE' });
      if (holdUntilAborted.delete(text)) {
        held.open();
        await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
        throw signal?.reason;
      }
    },
  });
  const agent = defineAgent({ name: 'notes', model: echo, store, clock: clock.now, leaseMs: 15_000 });
  // What the model was sent for its last call, without the system prompt.
  const lastSent = () => (echo.requests.at(-1)?.messages ?? []).filter((m) => m.role !== 'system');
  return { store, clock, agent, failOnce, holdUntilAborted, held, lastSent };
}

describe('closeUnansweredMessage', () => {
  it('answers a trailing user message with a note in the model’s place, in words for why its turn ended', () => {
    const history = [user('hi'), model('hello'), user('first')];
    expect(closeUnansweredMessage(history, 'cut-short')).toEqual([...history, note(FAILED)]);
    expect(closeUnansweredMessage(history, 'user-stop')).toEqual([...history, note(STOPPED)]);
    expect(closeUnansweredMessage(history, 'stopped')).toEqual([...history, note(STOPPED)]);
  });

  it('leaves a history whose last message is not the user’s as it is', () => {
    const history = [user('hi'), model('hello')];
    expect(closeUnansweredMessage(history, 'cut-short')).toEqual(history);
    expect(closeUnansweredMessage([], 'cut-short')).toEqual([]);
  });
});

describe('a message after one the model never answered', () => {
  it('reaches the model after a note that the earlier message got no answer because its turn failed', async () => {
    const w = world();
    const s1 = (await w.agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    w.failOnce.add('first');
    await expect(w.agent.send(s1, { message: 'first' }, alice)).rejects.toMatchObject({ reason: 'MODEL_UNAVAILABLE' });
    const next = await w.agent.send(s1, { message: 'second' }, alice);
    expect(next.text).toBe('echo: second');
    expect(w.lastSent()).toEqual([user('hi'), model('echo: hi'), user('first'), note(FAILED), user('second')]);
    const stored = (await w.store.load(s1))?.session;
    // As the model was sent it, each message with the time it was stored (the model is given none).
    expect(stored?.history.map(withoutMessageTime)).toEqual([...w.lastSent(), model('echo: second')]);
  });

  it('reaches the model after a note that the earlier message got no answer when its instance died', async () => {
    const w = world();
    const s1 = (await w.agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    // The turn's instance died after its lease write: the message is stored, its lease left to lapse.
    const loaded = await w.store.load(s1);
    if (!loaded) throw new Error('no session');
    const { session } = loaded;
    const lease = { id: 'dead', expiresAt: w.clock.now() + 15_000 };
    const turn = {
      seq: session.turns,
      kind: 'message' as const,
      start: session.history.length,
      startedAt: w.clock.now(),
    };
    await w.store.write(loaded, {
      ...session,
      history: [...session.history, user('first')],
      status: 'running',
      lease,
      turn,
      turns: session.turns + 1,
      version: session.version + 1,
    });
    w.clock.advance(15_001);
    await w.agent.send(s1, { message: 'second' }, alice);
    expect(w.lastSent()).toEqual([user('hi'), model('echo: hi'), user('first'), note(FAILED), user('second')]);
  });

  it('reaches the model after a note that the earlier message got no answer because its turn was stopped', async () => {
    const w = world();
    const s1 = (await w.agent.send(undefined, { message: 'hi' }, alice)).sessionId;
    w.holdUntilAborted.add('first');
    const first = w.agent.send(s1, { message: 'first' }, alice);
    const stopped = expect(first).rejects.toMatchObject({ reason: 'STOPPED' });
    await w.held.promise;
    await expect(w.agent.stop(s1, alice)).resolves.toEqual({ sessionId: s1, status: 'stopped' });
    await stopped;
    await w.agent.send(s1, { message: 'second' }, alice);
    expect(w.lastSent()).toEqual([user('hi'), model('echo: hi'), user('first'), note(STOPPED), user('second')]);
  });
});
