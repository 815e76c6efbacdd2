import { describe, expect, it } from 'vitest';
import { type GenerateRequest, type Message, messageTime, textOf } from '../model/index.js';
import { gemini } from '../models/gemini/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import type { Session } from '../session/session-schema.js';
import type { SessionRecord, SessionWriteOptions } from '../session/session-store.js';
import { geminiText, startFakeGemini } from '../test-utils/fake-gemini/index.js';
import { defineAgent } from './define-agent.js';
import { chargeTool, effects } from './test-utils/agent-fixtures.js';

// Every stored message says when it was made (`metadata.at`, epoch ms): a user's message when the
// write that admitted it ran, a model's message and a tool message when the journal write that
// recorded them ran. The time rides those writes (none of its own), and is never given to a model.

/** A store that keeps every session it was given to store, in order. */
class RecordingStore extends InMemorySessionStore {
  readonly written: Session[] = [];

  override create(session: Session): Promise<SessionRecord> {
    this.written.push(session);
    return super.create(session);
  }

  override write(expected: SessionRecord, next: Session, options?: SessionWriteOptions): Promise<SessionRecord> {
    this.written.push(next);
    return super.write(expected, next, options);
  }
}

/** A clock that moves on a second each time it is read, so every write has a time of its own. */
function tickingClock(): () => number {
  let now = 1_700_000_000_000;
  return () => (now += 1_000);
}

/** Charges the order when asked to pay, then answers "charged" (and anything else "ok"); records what it was given. */
function chargingModel(seen: GenerateRequest[]) {
  return scriptedModel((request) => {
    seen.push(structuredClone(request));
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') return 'charged';
    if (textOf(last.content) !== 'pay A-1') return 'ok';
    const content = [{ toolRequest: { name: 'charge', input: { orderId: 'A-1', cents: 100 } } }];
    return { message: { role: 'model' as const, content }, finishReason: 'stop' as const };
  });
}

const timesOf = (session: Session | undefined) => (session?.history ?? []).map(messageTime);

describe('defineAgent', () => {
  it('stores when each message was made, with the write that first stored it', async () => {
    const store = new RecordingStore();
    const agent = defineAgent({
      name: 'shop',
      model: chargingModel([]),
      tools: [chargeTool(effects())],
      store,
      cache: false,
      clock: tickingClock(),
    });
    const { sessionId } = await agent.send(undefined, { message: 'pay A-1' }, { uid: 'u' });
    await agent.send(sessionId, { message: 'thanks' }, { uid: 'u' });
    // create (lease + message), the model's request, the charge's result, the answer; then the second turn.
    let stored = 0;
    for (const session of store.written) {
      // The messages a write adds carry its time; those it revises (the charge's result stamped on
      // its request) keep the time they were first stored with.
      for (const message of session.history.slice(stored)) expect(messageTime(message)).toBe(session.updatedAt);
      stored = session.history.length;
    }
    const final = (await store.load(sessionId))?.session;
    expect(final?.history.map((message) => message.role)).toEqual(['user', 'model', 'tool', 'model', 'user', 'model']);
    const times = timesOf(final) as number[];
    expect(times.every((at) => typeof at === 'number')).toBe(true);
    const requestWrite = store.written.findIndex((session) => session.history.length === 2);
    expect(times[1]).toBe(store.written[requestWrite]?.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('never gives the model the times its session stored the messages at', async () => {
    const seen: GenerateRequest[] = [];
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'shop', model: chargingModel(seen), tools: [chargeTool(effects())], store });
    const { sessionId } = await agent.send(undefined, { message: 'pay A-1' }, { uid: 'u' });
    await agent.send(sessionId, { message: 'thanks' }, { uid: 'u' });
    expect(timesOf((await store.load(sessionId))?.session).includes(undefined)).toBe(false);
    // The second turn's request holds the first turn's stored messages, none with its time.
    expect(seen.at(-1)?.messages.filter((message) => message.role !== 'system')).toHaveLength(5);
    for (const request of seen) {
      for (const message of request.messages) expect(message.metadata?.at).toBeUndefined();
    }
  });

  it('sends Gemini none of the stored times', async () => {
    const fake = await startFakeGemini();
    try {
      fake.answerWith(() => ({ response: geminiText('ok') }));
      const model = gemini({ model: 'gemini-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url } });
      const store = new InMemorySessionStore();
      const agent = defineAgent({ name: 'chat', model, store, clock: tickingClock() });
      const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'u' });
      await agent.send(sessionId, { message: 'and again' }, { uid: 'u' });
      const times = timesOf((await store.load(sessionId))?.session) as number[];
      expect(times).toHaveLength(4);
      const body = JSON.stringify(fake.requests.at(-1)?.body);
      expect(body).toContain('and again');
      for (const at of times) expect(body).not.toContain(String(at));
    } finally {
      await fake.close();
    }
  });
});
