import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toToolMap } from '../../generate/index.js';
import { type Message, type ToolRequestPart, withMessageTime } from '../../model/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import { testTools } from '../../test-utils/protocol-tools.js';
import { defineTool } from '../../tools/index.js';
import { manualClock } from '../test-utils/agent-fixtures.js';
import { TurnJournal } from './turn-journal.js';
import { TurnWriter } from './turn-writer.js';

const { lookup } = testTools();
const peek = defineTool(
  { name: 'peek', description: 'Reads only.', inputSchema: z.object({}), sideEffects: 'none' },
  () => ({ seen: true }),
);
const tools = toToolMap([lookup, peek]);
const user: Message = { role: 'user', content: [{ text: 'go' }] };
const asking = (...names: string[]): Message => ({
  role: 'model',
  content: names.map((name, i) => ({
    toolRequest: { name, ref: `r${i}`, input: name === 'lookup' ? { id: 'ab' } : {} },
  })),
});

async function journal(state?: { schema: z.ZodType; initial: unknown }) {
  const store = new InMemorySessionStore();
  const clock = manualClock();
  const record = await store.create({
    ...sampleSession('s1', [user]),
    status: 'running',
    lease: { id: 'L1', expiresAt: clock.now() + 10_000 },
  });
  const writer = new TurnWriter(store, record, { clock: clock.now, leaseMs: 10_000, sessionTtlMs: 60_000 });
  const stored = async () => (await store.load('s1'))?.session;
  return { journal: new TurnJournal(writer, tools, state), stored, clock };
}

const resultOf = (message: Message, i: number, output: unknown) => ({
  request: message.content[i] as ToolRequestPart & { toolRequest: { ref: string } },
  response: { toolResponse: { name: (message.content[i] as ToolRequestPart).toolRequest.name, ref: `r${i}`, output } },
});

describe('TurnJournal', () => {
  it('stores the model’s message before its tools run when a tool has side effects', async () => {
    const { journal: j, stored, clock } = await journal();
    const model = asking('lookup');
    await j.modelResponded({ round: 0, message: model, messages: [user, model] });
    // Stored with the time of the write that stored it.
    expect((await stored())?.history).toEqual([user, withMessageTime(model, clock.now())]);
  });

  it('writes nothing when every tool the model asks for is pure', async () => {
    const { journal: j, stored } = await journal();
    const model = asking('peek');
    await j.modelResponded({ round: 0, message: model, messages: [user, model] });
    expect((await stored())?.version).toBe(1);
    expect(j.history).toEqual([user, model]);
  });

  it('stamps and stores a finished call’s result when the tool has side effects', async () => {
    const { journal: j, stored } = await journal();
    const model = asking('lookup', 'peek');
    await j.modelResponded({ round: 0, message: model, messages: [user, model] });
    await j.toolFinished({ ...resultOf(model, 0, { value: 2 }), tool: lookup });
    const last = (await stored())?.history.at(-1);
    expect(last?.content[0]).toMatchObject({ metadata: { pendingOutput: { value: 2 } } });
    expect(last?.content[1]).toEqual(model.content[1]);
  });

  it('keeps a pure call’s result for the next write when it finishes', async () => {
    const { journal: j, stored } = await journal();
    const model = asking('lookup', 'peek');
    await j.modelResponded({ round: 0, message: model, messages: [user, model] });
    await j.toolFinished({ ...resultOf(model, 1, { seen: true }), tool: peek });
    expect((await stored())?.history.at(-1)?.content[1]).toEqual(model.content[1]);
    expect(j.history.at(-1)?.content[1]).toMatchObject({ metadata: { pendingOutput: { seen: true } } });
    await j.toolFinished({ ...resultOf(model, 0, { value: 2 }), tool: lookup });
    expect((await stored())?.history.at(-1)?.content[1]).toMatchObject({ metadata: { pendingOutput: { seen: true } } });
  });

  it('gives the rounds of pure tools, with their results, as unjournaled until a write stores them', async () => {
    const { journal: j } = await journal();
    expect(j.unjournaled).toEqual([]);
    const model = asking('peek');
    await j.modelResponded({ round: 0, message: model, messages: [user, model] });
    await j.toolFinished({ ...resultOf(model, 0, { seen: true }), tool: peek });
    expect(j.unjournaled).toHaveLength(1);
    expect(j.unjournaled[0]?.content[0]).toMatchObject({ metadata: { pendingOutput: { seen: true } } });
    const next = asking('lookup');
    await j.modelResponded({ round: 1, message: next, messages: [user, model, next] });
    expect(j.unjournaled).toEqual([]);
  });

  it('keeps the messages a generation doesn’t see when it stores the history', async () => {
    const { journal: j } = await journal();
    const older: Message = { role: 'model', content: [{ text: 'summarised away' }] };
    j.begin([older]);
    expect(j.toStored([{ role: 'system', content: [{ text: 'sys' }] }, user])).toEqual([older, user]);
  });

  it('journals a call’s state updates with its result, and refuses an update the schema rejects', async () => {
    const { journal: j, stored } = await journal({ schema: z.object({ count: z.number() }), initial: { count: 0 } });
    const state = j.toolState;
    if (!state) throw new Error('expected a tool state');
    state.update('r0', (s) => ({ count: (s as { count: number }).count + 1 }));
    expect(state.read('r0')).toEqual({ count: 1 });
    expect(j.state).toEqual({ count: 0 });
    expect(() => state.update('r0', () => ({ count: 'many' }))).toThrow();
    const model = asking('lookup');
    await j.modelResponded({ round: 0, message: model, messages: [user, model] });
    await j.toolFinished({ ...resultOf(model, 0, { value: 2 }), tool: lookup });
    expect(j.state).toEqual({ count: 1 });
    expect((await stored())?.state).toEqual({ count: 1 });
  });

  it('has no tool state when the agent keeps none', async () => {
    const { journal: j } = await journal();
    expect(j.toolState).toBeUndefined();
  });
});
