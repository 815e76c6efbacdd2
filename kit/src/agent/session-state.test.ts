import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message, ToolResponsePart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import type { SessionStore } from '../session/session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { benchProtocolReply } from '../test-utils/bench-protocol-reply.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { manualClock } from './test-utils/agent-fixtures.js';

const CartSchema = z.object({ items: z.array(z.string()).max(3) });
type Cart = z.infer<typeof CartSchema>;

/** A cart agent: `add` puts an item in the session's cart; `checkout` asks first, then empties it. */
function world() {
  const store = new InMemorySessionStore();
  const clock = manualClock();
  let runs = 0;
  const add = defineTool(
    {
      name: 'add',
      description: 'adds an item',
      inputSchema: z.object({ item: z.string() }),
      sideEffects: 'idempotent',
    },
    ({ item }, ctx) => {
      runs++;
      ctx.updateState((cart) => ({ items: [...(cart as Cart).items, item] }));
      return { added: item, seen: (ctx.state as Cart).items.length };
    },
  );
  const checkout = defineTool(
    { name: 'checkout', description: 'pays for the cart', inputSchema: z.object({}), sideEffects: 'idempotent' },
    (_input, ctx) => {
      ctx.updateState(() => ({ items: [] }));
      if (!ctx.resumed) ctx.interrupt({ question: 'pay?' });
      return { paid: (ctx.state as Cart).items.length };
    },
  );
  const model = scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse.output);
      return `done: ${JSON.stringify(outputs)}`;
    }
    const text = last.content.map((p) => ('text' in p ? p.text : '')).join('');
    const name = text.startsWith('checkout') ? 'checkout' : 'add';
    const input = name === 'add' ? { item: text.replace('add ', '') } : {};
    return { message: { role: 'model', content: [{ toolRequest: { name, input } }] }, finishReason: 'stop' };
  });
  /** An instance with no cache: every call reads the store, as after a cold start. */
  const agent = (over: SessionStore = store) =>
    defineAgent({
      name: 'cart',
      model,
      tools: [add, checkout],
      store: over,
      cache: false,
      clock: clock.now,
      state: CartSchema,
      initialState: { items: [] },
    });
  return { store, clock, agent, runs: () => runs };
}

const stateOf = async (store: SessionStore, id: string): Promise<unknown> => (await store.load(id))?.session.state;

describe('defineAgent typed state', () => {
  it('keeps the state a tool changed through a cold start, and shows a call its own change', async () => {
    const w = world();
    const first = await w.agent().send(undefined, { message: 'add milk' }, { uid: 'u' });
    expect(first.text).toBe('done: [{"added":"milk","seen":1}]');
    expect(await stateOf(w.store, first.sessionId)).toEqual({ items: ['milk'] });
    const second = await w.agent().send(first.sessionId, { message: 'add eggs' }, { uid: 'u' });
    expect(second.text).toBe('done: [{"added":"eggs","seen":2}]');
    expect(await stateOf(w.store, first.sessionId)).toEqual({ items: ['milk', 'eggs'] });
  });

  it('changes nothing when the call that updated the state interrupts, and applies it once when resumed', async () => {
    const w = world();
    const { sessionId } = await w.agent().send(undefined, { message: 'add tea' }, { uid: 'u' });
    const asked = await w.agent().send(sessionId, { message: 'checkout' }, { uid: 'u' });
    expect(asked.status).toBe('interrupted');
    expect(await stateOf(w.store, sessionId)).toEqual({ items: ['tea'] });
    const ref = asked.interrupts[0]?.ref as string;
    const paid = await w.agent().send(sessionId, { resume: { restart: [{ ref, name: 'checkout' }] } }, { uid: 'u' });
    expect(paid.text).toBe('done: [{"paid":0}]');
    expect(await stateOf(w.store, sessionId)).toEqual({ items: [] });
  });

  it('applies an update once when a retried turn goes on from the journal after a crash', async () => {
    const w = world();
    const { sessionId } = await w.agent().send(undefined, { message: 'add jam' }, { uid: 'u' });
    // Dies right after the tool's result (and its state change) is journaled: write 3 of the turn.
    const flaky = new FlakyStore(w.store, { at: 3, when: 'after', mode: 'crash' });
    await expect(w.agent(flaky).send(sessionId, { message: 'add salt' }, { uid: 'u' })).rejects.toThrow();
    expect(await stateOf(w.store, sessionId)).toEqual({ items: ['jam', 'salt'] });
    w.clock.advance(60_000);
    const retried = await w.agent().send(sessionId, { message: 'add salt' }, { uid: 'u' });
    expect(retried.status).toBe('done');
    expect(w.runs()).toBe(2);
    expect(await stateOf(w.store, sessionId)).toEqual({ items: ['jam', 'salt'] });
  });

  it('refuses an update the state schema rejects: the model is told, the state is unchanged', async () => {
    const w = world();
    let sessionId: string | undefined;
    for (const item of ['a', 'b', 'c'])
      sessionId = (await w.agent().send(sessionId, { message: `add ${item}` }, { uid: 'u' })).sessionId;
    const fourth = await w.agent().send(sessionId, { message: 'add d' }, { uid: 'u' });
    expect(fourth.text).toContain('the session state');
    expect(await stateOf(w.store, sessionId as string)).toEqual({ items: ['a', 'b', 'c'] });
  });

  it('refuses an initial state the schema rejects when the agent is defined', () => {
    expect(() =>
      defineAgent({
        name: 'bad',
        model: scriptedModel(benchProtocolReply),
        state: CartSchema,
        initialState: { items: 'none' },
      }),
    ).toThrow(/initialState/);
  });
});
