import { describe, expect, it } from 'vitest';
import { KitError } from '../errors/index.js';
import { toolResponsesOf } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import type { SessionStore } from '../session/session-store.js';
import { type Fault, FlakyStore, type Mutation } from '../session/test-utils/flaky-store.js';
import { defineAgent } from './define-agent.js';
import {
  chargeTool,
  type Effects,
  echoModel,
  effects,
  manualClock,
  toolThenAnswer,
  transferTool,
  userTexts,
} from './test-utils/agent-fixtures.js';

const LEASE_MS = 30_000;
const faults = (steps: number): Fault[] =>
  Array.from({ length: steps }, (_, i) => i + 1).flatMap((at) =>
    (['before', 'after'] as const).flatMap((when) =>
      (['crash', 'transient'] as const).map((mode) => ({ at, when, mode })),
    ),
  );
const label = (f: Fault): string => `${f.mode} ${f.when} write ${f.at}`;

function world() {
  const inner = new InMemorySessionStore();
  const clock = manualClock();
  const record = effects();
  /** An agent on its own instance (its own cache) over the shared store. */
  const chargeAgent = (store: SessionStore, model = toolThenAnswer('charge', { orderId: 'A-1001', cents: 500 })) =>
    defineAgent({ name: 'shop', model, tools: [chargeTool(record)], store, clock: clock.now, leaseMs: LEASE_MS });
  const transferAgent = (store: SessionStore) =>
    defineAgent({
      name: 'bank',
      model: toolThenAnswer('transfer', { cents: 500 }),
      tools: [transferTool(record)],
      store,
      clock: clock.now,
      leaseMs: LEASE_MS,
    });
  return { inner, clock, record, chargeAgent, transferAgent };
}

/** True when the `at`-th mutation is the one that journals a tool's result. */
function journalsResult(mutations: readonly Mutation[], at: number): boolean {
  return (mutations[at - 1]?.recorded ?? 0) > (mutations[at - 2]?.recorded ?? 0);
}

function expectOneEffect(record: Effects, ranInWindow: boolean): void {
  expect(record.applied.size).toBe(1);
  expect(new Set(record.refs).size).toBe(1);
  expect(record.runs).toBe(ranInWindow ? 2 : 1);
}

describe('defineAgent crash safety', () => {
  it('counts four writes in a turn with one idempotent tool when nothing fails', async () => {
    const w = world();
    const flaky = new FlakyStore(w.inner);
    await w.chargeAgent(flaky).send(undefined, { message: 'charge order A-1001' }, { uid: 'u1', requestId: 'r1' });
    expect(flaky.mutations.map((m) => [m.kind, m.status, m.recorded])).toEqual([
      ['create', 'running', 0], // lease + user message
      ['write', 'running', 0], // the model message that asked for the tool, before it runs
      ['write', 'running', 1], // the tool's result, journaled on its request
      ['write', 'idle', 0], // the turn's result, lease released
    ]);
  });

  for (const fault of faults(4)) {
    it(`completes the message turn once on retry when a fault strikes: ${label(fault)}`, async () => {
      const w = world();
      const flaky = new FlakyStore(w.inner, fault);
      const first = await w
        .chargeAgent(flaky)
        .send(undefined, { message: 'charge order A-1001' }, { uid: 'u1', requestId: 'r1' })
        .catch((e: unknown) => e);
      // A store that refused the turn's last write once takes it when it is written again.
      if (fault.mode === 'transient' && fault.when === 'before' && fault.at === 4)
        expect(first).toMatchObject({ status: 'done' });
      else expect(first).toBeInstanceOf(KitError);
      // Only a crash loses a result in flight: after a failed write, the release stores what ran.
      const inWindow = journalsResult(flaky.mutations, fault.at) && fault.when === 'before' && fault.mode === 'crash';
      w.clock.advance(LEASE_MS + 1);
      const retry = w.chargeAgent(w.inner);
      const result = await retry.send(undefined, { message: 'charge order A-1001' }, { uid: 'u1', requestId: 'r1' });
      expect(result).toMatchObject({ status: 'done', text: 'done: [{"charged":500,"orderId":"A-1001"}]' });
      const again = await retry.send(undefined, { message: 'charge order A-1001' }, { uid: 'u1', requestId: 'r1' });
      expect(again).toEqual(result);
      const stored = (await w.inner.load(result.sessionId))!.session;
      expect(userTexts(stored.history)).toEqual(['charge order A-1001']);
      expect(stored.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
      expect(stored.status).toBe('idle');
      expectOneEffect(w.record, inWindow);
    });
  }

  for (const fault of faults(3)) {
    it(`completes the resumed turn once on retry when a fault strikes: ${label(fault)}`, async () => {
      const w = world();
      const asked = await w.transferAgent(w.inner).send(undefined, { message: 'send 5 euros' }, { uid: 'u1' });
      const restart = { resume: { restart: [{ ref: asked.interrupts[0]?.ref as string, name: 'transfer' }] } };
      const flaky = new FlakyStore(w.inner, fault);
      const first = await w
        .transferAgent(flaky)
        .send(asked.sessionId, restart, { uid: 'u1', requestId: 'ok-1' })
        .catch((e: unknown) => e);
      // A store that refused the turn's last write once takes it when it is written again.
      if (fault.mode === 'transient' && fault.when === 'before' && fault.at === 3)
        expect(first).toMatchObject({ status: 'done' });
      else expect(first).toBeInstanceOf(KitError);
      // Only a crash loses a result in flight: after a failed write, the release stores what ran.
      const inWindow = journalsResult(flaky.mutations, fault.at) && fault.when === 'before' && fault.mode === 'crash';
      w.clock.advance(LEASE_MS + 1);
      const result = await w.transferAgent(w.inner).send(asked.sessionId, restart, { uid: 'u1', requestId: 'ok-1' });
      expect(result).toMatchObject({ status: 'done', text: 'done: [{"done":true,"cents":500}]' });
      const stored = (await w.inner.load(asked.sessionId))!.session;
      expect(stored.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
      expect(stored.interrupts).toEqual([]);
      expectOneEffect(w.record, inWindow);
    });
  }

  it('runs each of two parallel idempotent calls once when a crash strikes before the final write', async () => {
    const w = world();
    const twice = scriptedModel((request) => {
      if (request.messages.at(-1)?.role !== 'user') return 'both charged';
      const call = (orderId: string) => ({ toolRequest: { name: 'charge', input: { orderId, cents: 100 } } });
      return { message: { role: 'model', content: [call('A'), call('B')] }, finishReason: 'stop' };
    });
    const flaky = new FlakyStore(w.inner, { at: 5, when: 'before', mode: 'crash' });
    await expect(
      w.chargeAgent(flaky, twice).send(undefined, { message: 'pay both' }, { uid: 'u1', requestId: 'p' }),
    ).rejects.toThrow();
    // Results are journaled as they finish; a write that runs after both finished stores both.
    expect(flaky.mutations.map((m) => m.recorded).slice(3)).toEqual([2, 0]);
    w.clock.advance(LEASE_MS + 1);
    const result = await w
      .chargeAgent(w.inner, twice)
      .send(undefined, { message: 'pay both' }, { uid: 'u1', requestId: 'p' });
    expect(result.text).toBe('both charged');
    expect(w.record.runs).toBe(2);
    expect(w.record.applied.size).toBe(2);
  });

  it('completes the turn on retry when the model failed after the tool ran', async () => {
    const w = world();
    let calls = 0;
    const failing = toolThenAnswer(
      'charge',
      { orderId: 'A-1001', cents: 500 },
      {
        before: () => {
          if (++calls === 2) throw new KitError('unavailable', 'model down');
        },
      },
    );
    const ctx = { uid: 'u1', requestId: 'r9' };
    const first = await w
      .chargeAgent(w.inner, failing)
      .send(undefined, { message: 'charge it' }, ctx)
      .catch((e) => e);
    expect(first).toMatchObject({ code: 'unavailable' });
    const result = await w.chargeAgent(w.inner).send(undefined, { message: 'charge it' }, ctx);
    expect(result.status).toBe('done');
    const stored = (await w.inner.load(result.sessionId))!.session;
    expect(stored.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
    expectOneEffect(w.record, false);
  });

  for (const [at, when, answer] of [
    [4, 'before', { charged: 500, orderId: 'A-1001' }],
    [
      2,
      'after',
      { error: 'the turn failed before this call finished: whether it ran is unknown, and it was not retried' },
    ],
  ] as const) {
    it(`closes the cut-short turn when the user sends another message after a crash ${when} write ${at}`, async () => {
      const w = world();
      const opened = await w.chargeAgent(w.inner).send(undefined, { message: 'charge it' }, { uid: 'u1' });
      const runs = w.record.runs;
      const flaky = new FlakyStore(w.inner, { at, when, mode: 'crash' });
      const cut = await w
        .chargeAgent(flaky)
        .send(opened.sessionId, { message: 'again' }, { uid: 'u1' })
        .catch((e) => e);
      expect(cut).toBeInstanceOf(KitError);
      w.clock.advance(LEASE_MS + 1);
      const echo = defineAgent({
        name: 'shop',
        model: echoModel(),
        tools: [chargeTool(w.record)],
        store: w.inner,
        clock: w.clock.now,
      });
      const next = await echo.send(opened.sessionId, { message: 'thanks' }, { uid: 'u1' });
      expect(next.text).toBe('echo: thanks');
      const stored = (await w.inner.load(opened.sessionId))!.session;
      expect(stored.history.map((m) => m.role)).toEqual([
        'user',
        'model',
        'tool',
        'model',
        'user',
        'model',
        'tool',
        'user',
        'model',
      ]);
      expect(toolResponsesOf(stored.history[6])[0]?.toolResponse.output).toEqual(answer);
      expect(w.record.runs).toBe(at === 4 ? runs + 1 : runs);
    });
  }
});
