import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isKitError } from '../errors/index.js';
import { gemini } from '../models/gemini/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { type FakeGemini, geminiText, startFakeGemini } from '../test-utils/fake-gemini/index.js';
import { defineAgent } from './define-agent.js';

// docs/concepts.md's "a client sends a message the model can't take (a `data` part to Gemini):
// `invalid-argument` before anything is stored", with the Gemini model itself (against the
// repo's fake Gemini server) saying what it takes.

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.answerWith(() => ({ response: geminiText('ok') }));
});

const model = () => gemini({ model: 'gemini-test', apiKey: 'test-key', httpOptions: { baseUrl: fake.url } });
const withData = { message: [{ text: 'look' }, { data: { rows: 3 } }] };

async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => 'resolved',
    (error: unknown) => error,
  );
}

describe('defineAgent', () => {
  it('refuses a data part before anything is stored or sent when its model is Gemini (which takes none)', async () => {
    expect(model().info.supports?.data).toBe(false);
    const counted = new FlakyStore(new InMemorySessionStore());
    const agent = defineAgent({ name: 'chat', model: model(), store: counted });
    const error = await rejection(agent.send(undefined, withData, { uid: 'u', requestId: 'r1' }));
    expect(isKitError(error) && [error.code, error.reason, error.details?.field]).toEqual([
      'invalid-argument',
      'INVALID_FIELD',
      'message',
    ]);
    expect(counted.mutations).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('leaves the session as it was when a later message to Gemini carries a data part', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: model(), store });
    const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'u' });
    const before = (await store.load(sessionId))?.session;
    const sent = fake.requests.length;
    const error = await rejection(agent.send(sessionId, withData, { uid: 'u' }));
    expect(isKitError(error) && error.code).toBe('invalid-argument');
    expect((await store.load(sessionId))?.session).toEqual(before);
    expect(fake.requests).toHaveLength(sent);
    expect(await agent.send(sessionId, { message: 'still fine' }, { uid: 'u' })).toMatchObject({ text: 'ok' });
  });
});
