import { defineAgent } from '@callable-flows/kit/agent/define-agent.js';
import {
  chargeTool,
  effects,
  manualClock,
  transferTool,
  userTexts,
} from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { onCallFlow } from '@callable-flows/kit/callable/index.js';
import type {
  GenerateRequest,
  Message,
  ModelRunnerResponse,
  ToolResponsePart,
} from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { SessionStore } from '@callable-flows/kit/session/index.js';
import type { Tool } from '@callable-flows/kit/tools/index.js';
import type { Firestore } from '@google-cloud/firestore';
import type { z } from 'zod';

/** The lease of the shop's turns in these tests. */
export const LEASE_MS = 15_000;

const ask = (name: string, input: unknown): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, input } }] },
  finishReason: 'stop',
});

/** What the shop's model does with a user message that names a tool (`use <tool>`), else. */
export type Asks = Record<string, unknown>;

/**
 * A shop on its own tenant of the Firestore emulator: a model that calls `charge` for a message
 * starting with "charge", `transfer` (asks a person) for "send", a test's own tool for "use
 * <name>", answers a tool message with its outputs, and notes anything else. Every instance
 * (`callable()`) is an agent with its own cache over the one store, as separate function
 * instances are.
 */
export function shopWorld(
  firestore: Firestore,
  prefix: string,
  extra: { tools?: Tool[]; asks?: Asks; state?: z.ZodType } = {},
) {
  const store = new FirestoreSessionStore({ firestore, prefix });
  const clock = manualClock();
  const record = effects();
  const hooks: { beforeModel?: (request: GenerateRequest) => Promise<void> | void } = {};
  const counts = { model: 0 };
  const model = scriptedModel(async (request) => {
    counts.model++;
    await hooks.beforeModel?.(request);
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse?.output);
      return `done: ${JSON.stringify(outputs)}`;
    }
    const [text = ''] = userTexts([last]);
    if (text.startsWith('charge')) return ask('charge', { orderId: text.split(' ').at(-1), cents: 500 });
    if (text.startsWith('send')) return ask('transfer', { cents: 500 });
    const use = /^use (\S+)/.exec(text)?.[1];
    if (use) return ask(use, extra.asks?.[use] ?? {});
    return `noted: ${text}`;
  });
  const agent = (over: SessionStore = store) =>
    defineAgent({
      name: 'shop',
      model,
      tools: [chargeTool(record), transferTool(record), ...(extra.tools ?? [])],
      store: over,
      clock: clock.now,
      leaseMs: LEASE_MS,
      ...(extra.state ? { state: extra.state, initialState: {} } : {}),
    });
  /** One function instance of the shop over `over` (default: the emulator's store). */
  const callable = (over: SessionStore = store) => onCallFlow({ limits: false, traces: false }, agent(over));
  return { store, clock, record, hooks, counts, callable };
}

/** The texts of a stored session's user messages. */
export { userTexts };
