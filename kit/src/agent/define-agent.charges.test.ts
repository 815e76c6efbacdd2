import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GenerateRequest, Message, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import type { Session } from '../session/session-schema.js';
import type { SessionStore } from '../session/session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { dayOf, InMemoryUsageCounters } from '../usage/index.js';
import type { Agent } from './agent.js';
import { agentTool } from './agent-tool.js';
import { MemoryContinuationQueue } from './continuation-queue/index.js';
import { defineAgent } from './define-agent.js';
import { handoffTo } from './handoff/index.js';
import type { WhileBusy } from './runtime/index.js';
import { chargeTool, effects, manualClock } from './test-utils/agent-fixtures.js';
import { subSessionOf } from './test-utils/sub-session-of.js';

// Every model call's tokens are charged to the session's owner, in the write that journals them,
// however the turn ran: a turn with no caller (a continuation), a sub-agent's turn, a hand-off.

const alice = { uid: 'alice' };
const CLOCK_START = 1_700_000_000_000;

/** A scripted model whose `n`th call (1-based) costs `cost(n)` tokens, answering as `reply` says. */
function paid(cost: (call: number) => number, reply: (request: GenerateRequest) => ModelRunnerResponse | string) {
  let calls = 0;
  return scriptedModel(async (request) => {
    const answer = reply(request);
    const response: ModelRunnerResponse =
      typeof answer === 'string'
        ? { message: { role: 'model', content: [{ text: answer }] }, finishReason: 'stop' }
        : answer;
    return { ...response, usage: { inputTokens: cost(++calls), outputTokens: 0 } };
  });
}

/** A call of `name` with `input` (no ref: the kit assigns one). */
const calls = (name: string, input: unknown): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, input } }] },
  finishReason: 'stop',
});

const lastRole = (request: GenerateRequest): Message['role'] | undefined => request.messages.at(-1)?.role;

/** A charging memory store and its counters. */
function charging() {
  const counters = new InMemoryUsageCounters();
  return { counters, store: new InMemorySessionStore({ usage: counters }) };
}

describe('defineAgent charges', () => {
  it('charges a text turn in its answer’s write: two writes, as without charges', async () => {
    const { counters, store } = charging();
    const counted = new FlakyStore(store);
    const model = paid(
      () => 40,
      () => 'ok',
    );
    const agent = defineAgent({ name: 'chat', model, store: counted, clock: () => CLOCK_START });
    const first = await agent.send(undefined, { message: 'hi' }, alice);
    counted.mutations.length = 0;
    await agent.send(first.sessionId, { message: 'again' }, alice);
    expect(counted.mutations.map((m) => m.kind)).toEqual(['write', 'write']);
    expect(await counters.read('alice', dayOf(CLOCK_START))).toMatchObject({
      tokens: 80,
      sessions: { [first.sessionId]: 80 },
    });
    // The charges rode the session's writes: the counters were never written on their own.
    expect(counters.ops.writes).toBe(0);
  });

  it('charges the turn a continuation finishes, with no caller, to the session’s owner', async () => {
    const { counters, store } = charging();
    const clock = manualClock(CLOCK_START);
    const record = effects();
    // The tool takes a moment, so the turn has run past `afterMs` (0) and handed itself to the queue.
    record.afterEffect = () => new Promise((resolve) => setTimeout(resolve, 20));
    const queue = new MemoryContinuationQueue();
    // Call 1 asks for the charge (100), call 2 answers on the dying instance (20, never written), call 3 on the continuation (3).
    const model = paid(
      (n) => [100, 20, 3][n - 1] ?? 0,
      (request) => (lastRole(request) === 'user' ? calls('charge', { orderId: 'A', cents: 5 }) : 'done'),
    );
    const instance = (over: SessionStore = store): Agent =>
      defineAgent({
        name: 'shop',
        model,
        tools: [chargeTool(record)],
        store: over,
        clock: clock.now,
        leaseMs: 30_000,
        continuation: { queue, afterMs: 0 },
      });
    // The instance dies before the turn's last write (the lease, the request, the result were written).
    const dying = new FlakyStore(store, { at: 4, when: 'before', mode: 'crash' });
    await expect(instance(dying).send(undefined, { message: 'charge A' }, alice)).rejects.toThrow();
    const [queued] = queue.take();
    if (!queued) throw new Error('the dying turn handed nothing to the queue');
    expect((await counters.read('alice', dayOf(CLOCK_START))).tokens).toBe(100);
    clock.advance(30_001);
    expect(await instance().continue(queued.task)).toBe('continued');
    expect(await counters.read('alice', dayOf(CLOCK_START))).toMatchObject({
      tokens: 103,
      sessions: { [queued.task.sessionId]: 103 },
    });
  });

  it('charges a sub-agent’s turn to the owner, on the sub-session’s line', async () => {
    const { counters, store } = charging();
    const record = effects();
    const refunds = defineAgent({
      name: 'refunds',
      model: paid(
        () => 7,
        (request) => (lastRole(request) === 'tool' ? 'refunded' : calls('charge', { orderId: 'A', cents: -100 })),
      ),
      tools: [chargeTool(record)],
      store,
      clock: () => CLOCK_START,
    });
    const tool = agentTool(refunds, {
      name: 'refunds',
      description: 'refunds an order',
      input: z.object({ orderId: z.string() }),
      message: (input) => `refund order ${input.orderId}`,
    });
    const parent = defineAgent({
      name: 'shop',
      model: paid(
        () => 50,
        (request) => (lastRole(request) === 'tool' ? 'done' : calls('refunds', { orderId: 'A' })),
      ),
      tools: [tool],
      store,
      clock: () => CLOCK_START,
    });
    const result = await parent.send(undefined, { message: 'refund A' }, alice);
    expect(result).toMatchObject({ status: 'done' });
    const { sessions, tokens } = await counters.read('alice', dayOf(CLOCK_START));
    const parentSession = (await store.load(result.sessionId))?.session;
    const ref = parentSession?.history
      .flatMap((m) => m.content)
      .map((p) => ('toolRequest' in p ? p.toolRequest.ref : undefined))
      .find(Boolean) as string;
    expect(sessions).toEqual({ [result.sessionId]: 100, [subSessionOf(parentSession as Session, ref)]: 14 });
    expect(tokens).toBe(114);
  });

  it('charges both agents of a hand-off to the owner, on the one session', async () => {
    const { counters, store } = charging();
    let refunds: Agent<WhileBusy> | undefined;
    const front = defineAgent({
      name: 'front',
      store,
      clock: () => CLOCK_START,
      model: paid(
        () => 30,
        () => calls('transfer_to_refunds', {}),
      ),
      tools: [handoffTo(() => refunds as Agent<WhileBusy>, { name: 'transfer_to_refunds' })],
    });
    refunds = defineAgent({
      name: 'refunds',
      store,
      clock: () => CLOCK_START,
      model: paid(
        () => 9,
        () => 'refunds here',
      ),
    });
    const result = await front.send(undefined, { message: 'I want a refund' }, alice);
    expect(result).toMatchObject({ status: 'done', text: 'refunds here' });
    expect(await counters.read('alice', dayOf(CLOCK_START))).toMatchObject({
      tokens: 39,
      sessions: { [result.sessionId]: 39 },
    });
  });
});
