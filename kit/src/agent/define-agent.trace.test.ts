import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { defineTool } from '../tools/index.js';
import { type TurnTrace, TurnTraceSchema } from '../trace/index.js';
import { defineAgent } from './define-agent.js';
import { chargeTool, echoModel, effects, transferTool } from './test-utils/agent-fixtures.js';

const PLANTED_ENV = 'planted-env-secret-4711';
const KEY_SHAPED = `AIzaSy${'B'.repeat(33)}`;

/** A model that calls `tool` once for a user message, then answers with the tool's output. */
function callsOnce(tool: string, input: unknown) {
  return scriptedModel((request) => {
    const last = request.messages.at(-1)!;
    if (last.role === 'user') {
      return { message: { role: 'model', content: [{ toolRequest: { name: tool, input } }] }, finishReason: 'stop' };
    }
    return { message: { role: 'model', content: [{ text: 'ok' }] }, finishReason: 'stop', usage: { inputTokens: 7 } };
  });
}

describe('defineAgent (traces)', () => {
  let traces: TurnTrace[];
  const sink = (trace: TurnTrace): void => {
    traces.push(TurnTraceSchema.parse(trace));
  };
  beforeEach(() => {
    traces = [];
  });

  it('records each call with its session, uid, steps, tokens and finish when a turn runs a tool', async () => {
    const record = effects();
    const agent = defineAgent({
      name: 'shop',
      model: callsOnce('charge', { orderId: 'A', cents: 5 }),
      tools: [chargeTool(record)],
      store: new InMemorySessionStore(),
      traces: sink,
    });
    const result = await agent.send(undefined, { message: 'pay order A' }, { uid: 'alice' });
    expect(traces).toHaveLength(1);
    expect(traces[0]).toMatchObject({
      flow: 'shop',
      sessionId: result.sessionId,
      uid: 'alice',
      input: 'pay order A',
      status: 'done',
      finishReason: 'stop',
      rounds: 2,
      usage: { inputTokens: 7 },
    });
    expect(traces[0]!.steps.map((s) => `${s.kind}:${s.outcome}`)).toEqual(['model:ok', 'tool:ok', 'model:ok']);
    expect(traces[0]!.steps[1]).toMatchObject({ kind: 'tool', name: 'charge', ref: expect.any(String) });
  });

  it('records the interrupt, then the resume, and a failed call with its code', async () => {
    const record = effects();
    const agent = defineAgent({
      name: 'bank',
      model: callsOnce('transfer', { cents: 500 }),
      tools: [transferTool(record)],
      store: new InMemorySessionStore(),
      traces: sink,
    });
    const asked = await agent.send(undefined, { message: 'send 5' }, { uid: 'alice' });
    const ref = asked.interrupts[0]!.ref;
    await agent.send(asked.sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, { uid: 'alice' });
    await agent
      .send(asked.sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, { uid: 'alice' })
      .catch(() => 0);
    expect(traces.map((t) => t.status)).toEqual(['interrupted', 'done', 'failed']);
    expect(traces[0]!.steps.at(-1)).toMatchObject({ kind: 'tool', name: 'transfer', outcome: 'interrupt' });
    expect(traces[1]).toMatchObject({ input: `[resume] restart transfer#${ref}`, sessionId: asked.sessionId });
    expect(traces[1]!.steps[0]).toMatchObject({ kind: 'tool', resumed: true, outcome: 'ok' });
    expect(traces[2]).toMatchObject({ errorCode: 'failed-precondition', sessionId: asked.sessionId, rounds: 0 });
  });

  it('records no second trace when a call repeats its request id, and adds the call’s own sinks', async () => {
    const own: TurnTrace[] = [];
    const agent = defineAgent({ name: 'shop', model: echoModel(), store: new InMemorySessionStore(), traces: sink });
    const ctx = { uid: 'alice', requestId: 'r1', traces: (t: TurnTrace) => void own.push(t) };
    await agent.send(undefined, { message: 'hi' }, ctx);
    await agent.send(undefined, { message: 'hi' }, ctx);
    expect(traces).toHaveLength(1);
    expect(own.map((t) => t.traceId)).toEqual(traces.map((t) => t.traceId));
  });

  it('answers the call when a trace sink fails', async () => {
    const agent = defineAgent({
      name: 'shop',
      model: echoModel(),
      store: new InMemorySessionStore(),
      traces: () => Promise.reject(new Error('sink down')),
    });
    await expect(agent.send(undefined, { message: 'hi' }, { uid: 'alice' })).resolves.toMatchObject({
      text: 'echo: hi',
    });
  });
});

describe('defineAgent (secrets)', () => {
  beforeEach(() => {
    process.env.TEST_PLANTED_API_KEY = PLANTED_ENV;
  });
  afterEach(() => {
    delete process.env.TEST_PLANTED_API_KEY;
  });

  it('stores no secret when the user pastes a key and a tool error quotes one', async () => {
    const leaky = defineTool(
      { name: 'lookup', description: 'looks up', inputSchema: z.object({ q: z.string() }) },
      () => {
        throw new Error(`GET https://api.example.com/v1?key=${PLANTED_ENV} failed with ${KEY_SHAPED}`);
      },
    );
    const paid = effects();
    const echoKey = defineTool(
      {
        name: 'charge',
        description: 'd',
        inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
        sideEffects: 'idempotent',
      },
      async () => {
        paid.runs++;
        return { receipt: `token for ${PLANTED_ENV}` };
      },
    );
    const store = new InMemorySessionStore();
    const model = scriptedModel((request) => {
      const last = request.messages.at(-1)!;
      if (last.role === 'user') {
        return {
          message: {
            role: 'model',
            content: [
              { toolRequest: { name: 'lookup', input: { q: 'x' } } },
              { toolRequest: { name: 'charge', input: { orderId: 'A', cents: 1 } } },
            ],
          },
          finishReason: 'stop',
        };
      }
      return `I saw: ${JSON.stringify(last.content)}`;
    });
    const traces: TurnTrace[] = [];
    const agent = defineAgent({
      name: 'shop',
      model,
      tools: [leaky, echoKey],
      store,
      traces: (t) => void traces.push(t),
    });
    const result = await agent.send(
      undefined,
      { message: `my key is ${KEY_SHAPED}, env ${PLANTED_ENV}` },
      { uid: 'u' },
    );
    const session = (await store.load(result.sessionId))!.session;
    const written = JSON.stringify({ session, traces });
    expect(written).toContain('[redacted]');
    expect(written).not.toContain(PLANTED_ENV);
    expect(written).not.toContain(KEY_SHAPED);
    expect(written).not.toContain('AIzaSy');
  });
});
