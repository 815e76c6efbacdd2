import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { chargeTool, effects, type Gate, gate } from './test-utils/agent-fixtures.js';

// docs/concepts.md's "tools declared `sideEffects: 'none'` ride along with the next write": a call
// that changes nothing is never a write of its own. The writes are counted by a store wrapper
// that sees every one (FlakyStore with no fault); `recorded` is how many calls of the open
// round a write journals.

/** `lookup`: changes nothing; opens `done` when it has answered. */
function lookupTool(done?: Gate) {
  return defineTool(
    {
      name: 'lookup',
      description: 'looks an order up',
      inputSchema: z.object({ orderId: z.string() }),
      outputSchema: z.object({ found: z.boolean() }),
      sideEffects: 'none',
    },
    async () => {
      done?.open();
      return { found: true };
    },
  );
}

/** Asks for `calls` on the user message; answers the tool message "ok". */
function asks(calls: { name: string; input: unknown }[]) {
  return scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role !== 'user') return 'ok';
    const content = calls.map((call) => ({ toolRequest: call }));
    return { message: { role: 'model' as const, content }, finishReason: 'stop' as const };
  });
}

describe('defineAgent', () => {
  it('writes no journal entry of its own for a round of tools that change nothing', async () => {
    const counted = new FlakyStore(new InMemorySessionStore());
    const model = asks([{ name: 'lookup', input: { orderId: 'A' } }]);
    const agent = defineAgent({ name: 'shop', model, tools: [lookupTool()], store: counted, cache: false });
    expect(await agent.send(undefined, { message: 'where is A?' }, { uid: 'u' })).toMatchObject({ text: 'ok' });
    // The lease with the user message, then the answer: the model's request and the lookup's
    // result are stored with the answer.
    expect(counted.mutations.map((m) => m.kind)).toEqual(['create', 'write']);
  });

  it('journals the result of a tool that changes nothing with the next write when a side-effect tool shares its round', async () => {
    const counted = new FlakyStore(new InMemorySessionStore());
    const record = effects();
    const looked = gate();
    // The charge finishes after the lookup, so the lookup's result is waiting when the charge's is written.
    record.afterEffect = () => looked.promise;
    const model = asks([
      { name: 'lookup', input: { orderId: 'A' } },
      { name: 'charge', input: { orderId: 'A', cents: 100 } },
    ]);
    const tools = [lookupTool(looked), chargeTool(record)];
    const agent = defineAgent({ name: 'shop', model, tools, store: counted, cache: false });
    expect(await agent.send(undefined, { message: 'pay A' }, { uid: 'u' })).toMatchObject({ text: 'ok' });
    expect(counted.mutations.map((m) => [m.kind, m.recorded])).toEqual([
      ['create', 0], // the lease and the user message
      ['write', 0], // the model's request, before the charge runs
      ['write', 2], // the charge's result, and the lookup's riding along
      ['write', 0], // the answer, giving the lease up
    ]);
    expect(record.runs).toBe(1);
  });
});
