import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../models/scripted/index.js';
import { LruSessionCache } from '../../session/lru-session-cache.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { benchProtocolReply } from '../../test-utils/bench-protocol-reply.js';
import { rejection } from '../../test-utils/kit-test-helpers.js';
import { defineAgent } from '../define-agent.js';
import { echoModel, type Gate, gate, manualClock } from '../test-utils/agent-fixtures.js';
import { RUNNING_TURN_POLL_MS } from './plan-turn.js';

/** Holds the second model call until `held` opens, saying so through `entered`. */
function holdSecond(call: number, entered: Gate, held: Gate): Promise<void> | undefined {
  if (call !== 2) return undefined;
  entered.open();
  return held.promise;
}

describe('defineAgent admission', () => {
  it('refuses a second call with SESSION_BUSY, a short poll while the turn renews its lease and the lease’s end once it stopped, while a turn runs', async () => {
    const store = new InMemorySessionStore();
    const clock = manualClock();
    const held = gate();
    const entered = gate();
    const slow = defineAgent({
      name: 'chat',
      model: echoModel({ before: (call) => holdSecond(call, entered, held) }),
      store,
      clock: clock.now,
      leaseMs: 12_000,
    });
    const { sessionId } = await slow.send(undefined, { message: 'hi' }, { uid: 'u' });
    const running = slow.send(sessionId, { message: 'slow one' }, { uid: 'u' });
    await entered.promise;
    clock.advance(2_000);
    const busy = await rejection(slow.send(sessionId, { message: 'me too' }, { uid: 'u' }));
    expect(busy.code).toBe('aborted');
    expect(busy.reason).toBe('SESSION_BUSY');
    // Written 2 s ago, the lease lapses in 10 s: the turn is alive, its end is no estimate.
    expect(busy.details?.retryAfterMs).toBe(RUNNING_TURN_POLL_MS);
    clock.advance(7_000);
    // Not written for 9 s (a heartbeat is due every 4 s): likely a dead instance's lease, lapsing in 3 s.
    const stale = await rejection(slow.send(sessionId, { message: 'me too' }, { uid: 'u' }));
    expect(stale.details?.retryAfterMs).toBe(3_000);
    held.open();
    await running;
  });

  it('asks the store before refusing when its cached copy shows a lease another instance has given up', async () => {
    const store = new InMemorySessionStore();
    const a = new LruSessionCache(store);
    const b = new LruSessionCache(store);
    const held = gate();
    const entered = gate();
    const onA = defineAgent({
      name: 'chat',
      model: echoModel({ before: (call) => holdSecond(call, entered, held) }),
      store: a,
      cache: false,
    });
    const onB = defineAgent({ name: 'chat', model: echoModel(), store: b, cache: false });
    const { sessionId } = await onA.send(undefined, { message: 'hi' }, { uid: 'u' });
    const running = onA.send(sessionId, { message: 'slow one' }, { uid: 'u' });
    await entered.promise;
    // B caches the session while A holds it…
    await expect(onB.send(sessionId, { message: 'too soon' }, { uid: 'u' })).rejects.toMatchObject({ code: 'aborted' });
    held.open();
    await running;
    // …and once A is done, B's stale copy (still leased) does not make it refuse.
    const result = await onB.send(sessionId, { message: 'now' }, { uid: 'u' });
    expect(result.text).toBe('echo: now');
  });

  it('refuses with INVALID_FIELD, before anything is stored, a call with both a message and a resume or neither', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: scriptedModel(benchProtocolReply), store });
    const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'u' });
    const before = (await store.load(sessionId))?.session;
    const both = { message: 'hi', resume: { decline: [{ name: 'x', ref: 'r' }] } } as never;
    for (const input of [both, {} as never]) {
      const error = await rejection(agent.send(sessionId, input, { uid: 'u' }));
      expect(error).toMatchObject({ code: 'invalid-argument', reason: 'INVALID_FIELD' });
    }
    expect((await store.load(sessionId))?.session).toEqual(before);
  });

  it('refuses a message part the model cannot take before anything is stored', async () => {
    const store = new InMemorySessionStore();
    const model = scriptedModel(benchProtocolReply);
    const noData = { ...model, info: { ...model.info, supports: { ...model.info.supports, data: false } } };
    const agent = defineAgent({ name: 'chat', model: noData, store });
    const { sessionId } = await agent.send(undefined, { message: 'hi' }, { uid: 'u' });
    const before = (await store.load(sessionId))?.session;
    const error = await rejection(
      agent.send(sessionId, { message: [{ text: 'look' }, { data: { rows: 3 } }] }, { uid: 'u' }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.reason).toBe('INVALID_FIELD');
    expect(error.message).toContain('data parts (message.content[1])');
    expect((await store.load(sessionId))?.session).toEqual(before);
    expect((await agent.send(sessionId, { message: 'still fine' }, { uid: 'u' })).status).toBe('done');
  });
});
