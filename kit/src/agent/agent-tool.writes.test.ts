import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { agentTool } from './agent-tool.js';
import { defineAgent } from './define-agent.js';
import { effects, toolThenAnswer, transferTool } from './test-utils/agent-fixtures.js';

// docs/benchmarks.md, "Sub-agents": a sub-agent call costs the sub-session's writes only. Each
// agent writes through a counting wrapper of its own over one store, so each session's writes
// are counted apart (FlakyStore with no fault sees every one).

/** The refunds agent: answers at once (`ask: false`), or asks `transfer` first. */
function refundsModel(ask: boolean) {
  return scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool' || !ask) return 'refunded';
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 100 } } }] },
      finishReason: 'stop',
    };
  });
}

function shop(ask: boolean) {
  const inner = new InMemorySessionStore();
  const parentWrites = new FlakyStore(inner);
  const subWrites = new FlakyStore(inner);
  const refunds = defineAgent({
    name: 'refunds',
    model: refundsModel(ask),
    tools: [transferTool(effects())],
    store: subWrites,
    cache: false,
  });
  const tool = agentTool(refunds, { name: 'refunds', description: 'refunds', input: z.object({}) });
  const parent = defineAgent({
    name: 'shop',
    model: toolThenAnswer('refunds', {}),
    tools: [tool],
    store: parentWrites,
    cache: false,
  });
  const kinds = () => [parentWrites.mutations.map((m) => m.kind), subWrites.mutations.map((m) => m.kind)];
  return { parent, kinds };
}

describe('agentTool writes', () => {
  it("writes the parent's turn as one with an idempotent tool, and the sub-session's own, when the sub-agent answers at once", async () => {
    const s = shop(false);
    await s.parent.send(undefined, { message: 'refund A' }, { uid: 'u' });
    expect(s.kinds()).toEqual([
      ['create', 'write', 'write', 'write'], // lease and message, the call's request, its result, the answer
      ['create', 'write'], // lease and message, the answer
    ]);
  });

  it('writes three of each session when the sub-agent asks a person, and three of each for the approval', async () => {
    const s = shop(true);
    const asked = await s.parent.send(undefined, { message: 'refund A' }, { uid: 'u' });
    expect(s.kinds()).toEqual([
      ['create', 'write', 'write'], // lease and message, the call's request, the call's interrupt
      ['create', 'write', 'write'], // lease and message, the transfer's request, its interrupt
    ]);
    const resume = { restart: [{ ref: asked.interrupts[0]?.ref as string, name: 'transfer' }] };
    await s.parent.send(asked.sessionId, { resume }, { uid: 'u' });
    const [parent, sub] = s.kinds();
    // The lease with the answer, the call's (the transfer's) result, the answer.
    expect([parent?.slice(3), sub?.slice(3)]).toEqual([
      ['write', 'write', 'write'],
      ['write', 'write', 'write'],
    ]);
  });
});
