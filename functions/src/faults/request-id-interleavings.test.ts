import type { Agent, AgentInput } from '@callable-flows/kit/agent/index.js';
import { defineAgent } from '@callable-flows/kit/agent/index.js';
import {
  chargeTool,
  effects,
  manualClock,
  transferTool,
  userTexts,
} from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { isKitError, KitError } from '@callable-flows/kit/errors/index.js';
import type { Message, ModelRunnerResponse, ToolResponsePart } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { InMemorySessionStore, type Session } from '@callable-flows/kit/session/index.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// fast-check: two clients on one session, each sending messages, retrying its calls by request
// id, answering interrupts and reusing an id with another payload, in random interleavings (a
// pair of steps may run at once) and with model failures in between. Whatever the order, no
// recorded call runs twice and no message is stored twice.

type Step =
  | { kind: 'message'; client: 0 | 1; text: 'charge' | 'send' | 'hi' }
  | { kind: 'retry'; client: 0 | 1; pick: number }
  | { kind: 'resume'; client: 0 | 1; decline: boolean }
  | { kind: 'reuse'; client: 0 | 1; pick: number }
  | { kind: 'fail-next-model' };

const client = fc.constantFrom<0 | 1>(0, 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('message' as const), client, text: fc.constantFrom('charge', 'send', 'hi') }),
  fc.record({ kind: fc.constant('retry' as const), client, pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('resume' as const), client, decline: fc.boolean() }),
  fc.record({ kind: fc.constant('reuse' as const), client, pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('fail-next-model' as const) }),
);
/** A step, and whether it runs at the same time as the next one. */
const program = fc.array(fc.tuple(step, fc.boolean()), { minLength: 1, maxLength: 14 });

const ask = (name: string, input: unknown): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, input } }] },
  finishReason: 'stop',
});

function world() {
  const store = new InMemorySessionStore();
  const clock = manualClock();
  const record = effects();
  const faults = { failNext: false };
  const model = scriptedModel(async (request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      if (faults.failNext) {
        faults.failNext = false;
        throw new KitError('unavailable', 'the model answered 503', { reason: 'MODEL_UNAVAILABLE' });
      }
      return `done: ${JSON.stringify(last.content.map((p) => (p as ToolResponsePart).toolResponse?.output))}`;
    }
    const [text = ''] = userTexts([last]);
    if (text.startsWith('charge')) return ask('charge', { orderId: text, cents: 100 });
    if (text.startsWith('send')) return ask('transfer', { cents: 100 });
    return `noted: ${text}`;
  });
  // Each client calls its own instance: its own cache over the one store.
  const instance = (): Agent =>
    defineAgent({ name: 'shop', model, tools: [chargeTool(record), transferTool(record)], store, clock: clock.now });
  return { store, record, faults, instances: [instance(), instance()] as const };
}

interface Call {
  id: string;
  input: AgentInput;
}

async function run(steps: readonly [Step, boolean][]): Promise<void> {
  const w = world();
  const { sessionId } = await w.instances[0].send(undefined, { message: 'hello' }, { uid: 'u' });
  const calls: [Call[], Call[]] = [[], []];
  let n = 0;
  const send = (c: 0 | 1, call: Call) =>
    w.instances[c].send(sessionId, call.input, { uid: 'u', requestId: call.id }).catch((error: unknown) => {
      if (!isKitError(error)) throw error;
      return error;
    });
  const act = async (s: Step): Promise<void> => {
    if (s.kind === 'fail-next-model') {
      w.faults.failNext = true;
      return;
    }
    const mine = calls[s.client];
    const pick = 'pick' in s ? s.pick : 0;
    const picked = mine.length ? (mine[pick % mine.length] as Call) : undefined;
    if (s.kind === 'message') {
      const call = { id: `c${s.client}-${++n}`, input: { message: `${s.text} ${n}` } };
      mine.push(call);
      await send(s.client, call);
    } else if (s.kind === 'retry' && picked) {
      await send(s.client, picked);
    } else if (s.kind === 'reuse' && picked) {
      // An id the session admitted is never taken for another request.
      const admitted = (await w.store.load(sessionId))?.session.requests?.some((r) => r.id === picked.id);
      const reused = await send(s.client, { id: picked.id, input: { message: `other ${++n}` } });
      if (admitted) expect(isKitError(reused) && reused.reason).toBe('REQUEST_ID_REUSED');
    } else if (s.kind === 'resume') {
      const waiting = (await w.store.load(sessionId))?.session.interrupts[0]?.toolRequest;
      if (!waiting?.ref) return;
      const reply = { ref: waiting.ref, name: waiting.name };
      const input = { resume: s.decline ? { decline: [reply] } : { restart: [reply] } };
      const call = { id: `c${s.client}-${++n}`, input };
      mine.push(call);
      await send(s.client, call);
    }
  };
  for (let i = 0; i < steps.length; i++) {
    const [first, together] = steps[i] as [Step, boolean];
    const next = steps[i + 1];
    if (together && next) {
      await Promise.all([act(first), act(next[0])]);
      i++;
    } else await act(first);
  }
  const session = (await w.store.load(sessionId))?.session as Session;
  // No recorded call ran twice: each ref's body ran once at most.
  expect(w.record.runs).toBe(new Set(w.record.refs).size);
  // No message was stored twice, and no reused id's other payload was stored over an admitted id.
  const texts = userTexts(session.history);
  expect(new Set(texts).size).toBe(texts.length);
}

describe('request ids under two clients', () => {
  it('never run a recorded call twice nor store a message twice in any interleaving', async () => {
    await fc.assert(fc.asyncProperty(program, run), { seed: 19, numRuns: 60 });
  });

  it('holds under a second fixed seed with longer programs', async () => {
    await fc.assert(fc.asyncProperty(program, run), { seed: 4242, numRuns: 40 });
  });
});
