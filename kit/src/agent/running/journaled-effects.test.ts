import { NOT_RUN_AGAIN_KEY } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message, ToolResponsePart } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import type { Session } from '../../session/session-schema.js';
import { defineTool, type Tool } from '../../tools/index.js';
import { defineAgent } from '../define-agent.js';
import { chargeTool, type Effects, effects } from '../test-utils/agent-fixtures.js';

// A branch never runs again what another branch did, when its tool says doing it twice is doing it once.

const owner = { uid: 'u' };

/** A shop's model: "charge X" charges order X 100 cents; a tool message is answered with its outputs; else "noted". */
const shopModel = () =>
  scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      return `done: ${JSON.stringify(last.content.map((p) => (p as ToolResponsePart).toolResponse.output))}`;
    }
    const text = last.content.map((p) => ('text' in p ? p.text : '')).join('');
    const order = /charge (\w+)$/.exec(text)?.[1];
    if (!order) return 'noted';
    const toolRequest = { name: 'charge', input: { orderId: order, cents: 100 } };
    return { message: { role: 'model', content: [{ toolRequest }] }, finishReason: 'stop' };
  });

/** `charge` with no `sideEffects` declared: the kit can't know running it twice is harmless. */
const undeclaredCharge = (record: Effects): Tool =>
  defineTool(
    { name: 'charge', description: 'charges', inputSchema: z.object({ orderId: z.string(), cents: z.number() }) },
    async (input, ctx) => {
      record.runs++;
      record.refs.push(ctx.ref);
      return { charged: input.cents, orderId: input.orderId };
    },
  );

async function stored(store: InMemorySessionStore, id: string): Promise<Session> {
  return (await store.load(id))?.session as Session;
}

/** "hello", then "charge A" (it runs), then back to after "hello" with `again`. */
async function chargedThenBack(tool: (record: Effects) => Tool, again: string) {
  const store = new InMemorySessionStore();
  const record = effects();
  const agent = defineAgent({ name: 'shop', model: shopModel(), tools: [tool(record)], store });
  const { sessionId } = await agent.send(undefined, { message: 'hello' }, owner);
  const before = (await stored(store, sessionId)).snapshots?.[0]?.id as string;
  await agent.send(sessionId, { message: 'charge A' }, owner);
  const ranAs = record.refs[0];
  const result = await agent.send(sessionId, { message: again, snapshotId: before }, owner);
  const head = await stored(store, sessionId);
  const answered = head.history.flatMap((m) => m.content).findLast((p) => 'toolResponse' in p);
  return { record, ranAs, result, answered };
}

describe('a call another branch already ran', () => {
  it('answers an idempotent tool called again with the same input from the journal, running nothing', async () => {
    const { record, ranAs, result, answered } = await chargedThenBack(chargeTool, 'charge A');
    expect(record.runs).toBe(1);
    expect(result.text).toBe('done: [{"charged":100,"orderId":"A"}]');
    // The stored result says it was not run again, and which call's result it is.
    expect(answered?.metadata).toEqual({ [NOT_RUN_AGAIN_KEY]: { ref: ranAs } });
  });

  it('runs an idempotent tool whose input differs from what the other branch ran', async () => {
    const { record, answered } = await chargedThenBack(chargeTool, 'charge B');
    expect(record.runs).toBe(2);
    expect(answered?.metadata?.[NOT_RUN_AGAIN_KEY]).toBeUndefined();
  });

  it('runs a tool that declared no side effects again: only an idempotent one is answered from the journal', async () => {
    const { record } = await chargedThenBack(undeclaredCharge, 'charge A');
    expect(record.runs).toBe(2);
  });
});
