import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ModelCallOptions } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { rejection } from '../test-utils/kit-test-helpers.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { echoModel, gate } from './test-utils/agent-fixtures.js';
import { ManualLiveClock } from './test-utils/manual-live-clock.js';

// The running round's words beside the session, on the Firestore emulator: written a second
// after the first word (a manual clock), replaced by the journal, kept by a stop.

const host = firestoreEmulatorHost();
let firestore: Firestore | undefined;
let tenants = 0;
afterAll(async () => firestore?.terminate());

/** A model that streams `words` one by one, each once the test lets it, then answers them (or waits for a stop). */
function slowModel(words: string[], options: { stopAfter?: number } = {}) {
  const next = words.map(() => gate());
  const streamed = words.map(() => gate());
  const model = scriptedModel(
    async (_request, call: ModelCallOptions) => {
      for (const [i, word] of words.entries()) {
        if (i === options.stopAfter) {
          await new Promise((resolve) => call.signal?.addEventListener('abort', resolve, { once: true }));
          throw call.signal?.reason;
        }
        await next[i]?.promise;
        call.onChunk?.({ content: [{ text: word }] });
        streamed[i]?.open();
      }
      return words.join('');
    },
    { stream: false },
  );
  return {
    model,
    /** Lets word `i` stream and waits until it did. */
    say: async (i: number) => {
      next[i]?.open();
      await streamed[i]?.promise;
    },
  };
}

function world() {
  firestore ??= emulatorFirestore(host as string, demoProjectId('live-words'));
  const ops: StoreOperation[] = [];
  const store = new FirestoreSessionStore({
    firestore,
    prefix: `live${tenants++}_`,
    onOperation: (op) => ops.push(op),
  });
  const clock = new ManualLiveClock();
  const liveOps = () => ops.filter((op) => op.kind === 'live');
  return { store, clock, ops, liveOps };
}

describe.skipIf(!host)('live words over FirestoreSessionStore', () => {
  it('writes no live words for a short answer: a warm turn stays two writes', async () => {
    const w = world();
    const agent = defineAgent({ name: 'echo', model: echoModel(), store: w.store, liveClock: w.clock });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, { uid: 'alice', onChunk: () => {} });
    w.ops.length = 0;
    await agent.send(sessionId, { message: 'two' }, { uid: 'alice', onChunk: () => {} });
    await w.clock.advance(5_000);
    expect(w.liveOps()).toEqual([]);
    expect(w.ops.reduce((n, op) => n + op.writes, 0)).toBe(2);
    expect(await w.store.live.read(sessionId)).toBeUndefined();
  });

  it('writes the round’s words a second after its first word, for its lease, and the journal replaces them', async () => {
    const w = world();
    const slow = slowModel(['Hello ', 'wide ', 'world']);
    const agent = defineAgent({ name: 'slow', model: slow.model, store: w.store, liveClock: w.clock });
    const turn = agent.send('s-live-1', { message: 'hi' }, { uid: 'alice' });
    await slow.say(0);
    await w.clock.advance(999);
    expect(w.liveOps()).toEqual([]);
    await w.clock.advance(1);
    await slow.say(1);
    await w.clock.advance(500);
    const running = (await w.store.load('s-live-1'))?.session;
    // The write was sent when the second was up; it lands on the emulator in its own time.
    await vi.waitFor(async () =>
      expect(await w.store.live.read('s-live-1')).toMatchObject({
        ownerUid: 'alice',
        leaseId: running?.lease?.id,
        from: 1,
        text: 'Hello ',
      }),
    );
    await w.clock.advance(500);
    await vi.waitFor(async () => expect(await w.store.live.read('s-live-1')).toMatchObject({ text: 'Hello wide ' }));
    await slow.say(2);
    await turn;
    await w.clock.advance(5_000);
    // Two writes in two seconds, none after the round ended; the journal holds the whole answer at index `from`.
    expect(w.clock.pending).toBe(0);
    expect(w.liveOps()).toHaveLength(2);
    const session = (await w.store.load('s-live-1'))?.session;
    expect(session?.history[1]?.content).toEqual([{ text: 'Hello wide world' }]);
    expect(session?.lease).toBeUndefined();
  });

  it('carries a pure tool’s round, not yet journaled, beside the words that follow it, at no write of its own', async () => {
    const w = world();
    const peek = defineTool(
      { name: 'peek', description: 'Reads only.', inputSchema: z.object({}), sideEffects: 'none' },
      () => ({ seen: true }),
    );
    const next = gate();
    const streamed = gate();
    const model = scriptedModel(
      async (request, call: ModelCallOptions) => {
        if (request.messages.at(-1)?.role !== 'tool') {
          return {
            message: { role: 'model', content: [{ toolRequest: { name: 'peek', ref: 'p1', input: {} } }] },
            finishReason: 'stop',
          };
        }
        call.onChunk?.({ content: [{ text: 'Seen ' }] });
        streamed.open();
        await next.promise;
        return 'Seen it';
      },
      { stream: false },
    );
    const agent = defineAgent({ name: 'peeker', model, tools: [peek], store: w.store, liveClock: w.clock });
    const turn = agent.send('s-live-3', { message: 'look' }, { uid: 'alice' });
    await streamed.promise;
    await w.clock.advance(1_000);
    await vi.waitFor(async () => expect((await w.store.live.read('s-live-3'))?.steps).toHaveLength(1));
    const live = await w.store.live.read('s-live-3');
    // The step takes the index before the words' round; the session holds the user's message only.
    expect(live?.from).toBe(2);
    expect((await w.store.load('s-live-3'))?.session.history).toHaveLength(1);
    expect(JSON.parse(live?.steps?.[0] ?? '{}')).toMatchObject({
      role: 'model',
      content: [{ toolRequest: { name: 'peek', ref: 'p1' }, metadata: { pendingOutput: { seen: true } } }],
    });
    next.open();
    await turn;
    // The turn's session writes: its lease and its release; the live words: one.
    expect(w.ops.filter((op) => op.kind !== 'live').reduce((n, op) => n + op.writes, 0)).toBe(2);
    expect(w.liveOps()).toHaveLength(1);
  });

  it('journals the words streamed before a stop as the round’s partial answer, marked stopped', async () => {
    const w = world();
    const slow = slowModel(['Hello ', 'wor', 'ld'], { stopAfter: 2 });
    const agent = defineAgent({ name: 'slow', model: slow.model, store: w.store, liveClock: w.clock });
    const turn = rejection(agent.send('s-live-2', { message: 'hi' }, { uid: 'alice' }));
    await slow.say(0);
    await slow.say(1);
    await expect(agent.stop('s-live-2', { uid: 'alice' })).resolves.toMatchObject({ status: 'stopped' });
    await expect(turn).resolves.toMatchObject({ details: { reason: 'STOPPED' } });
    const session = (await w.store.load('s-live-2'))?.session;
    expect(session?.outcome?.kind).toBe('stopped');
    // Stored, as every message is, with the time of the write that stored it: the stop's.
    expect(session?.history.at(-1)).toEqual({
      role: 'model',
      content: [{ text: 'Hello wor' }],
      metadata: { stopped: true, at: session?.updatedAt },
    });
  });
});
