import { type Agent, agentTool, defineAgent } from '@callable-flows/kit/agent/index.js';
import type { GenerateRequest, Message } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session, SessionRecord, SessionStore } from '@callable-flows/kit/session/index.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import { FieldValue, type Firestore } from '@google-cloud/firestore';
import { z } from 'zod';

/**
 * Every step of a parent turn with one sub-agent call whose sub-agent charges: each write of
 * either session (`parent:` or `sub:`), and inside the charge once its effect is applied downstream.
 */
export const SUB_AGENT_POINTS = [
  'parent:after-lease',
  'parent:after-request',
  'sub:after-lease',
  'sub:after-request',
  'after-effect:charge',
  'sub:after-result',
  'sub:after-final-write',
  'parent:after-result',
  'parent:before-final-write',
] as const;

export type SubAgentPoint = (typeof SUB_AGENT_POINTS)[number];

/** The parent's message, and what it answers once the sub-agent refunded. */
export const REFUND_MESSAGE = 'refund order A-1001';
export const REFUND_ANSWER = 'done: ["refunded 500"]';
/** The parent's session: a first message with an id of the client's choosing. */
export const PARENT_SESSION = 'crash-parent';

/** Options of {@link subAgentCrashShop}. */
export interface SubAgentCrashOptions {
  firestore: Firestore;
  prefix: string;
  /** Where to stop; `onPoint` runs there (the child prints and hangs). */
  point?: SubAgentPoint;
  onPoint?: (point: SubAgentPoint) => Promise<void>;
  clock?: () => number;
}

const toolAnswered = (request: GenerateRequest): boolean => request.messages.at(-1)?.role === 'tool';
const outputs = (request: GenerateRequest): unknown[] =>
  (request.messages.at(-1) as Message).content.flatMap((p) => ('toolResponse' in p ? [p.toolResponse.output] : []));
const call = (name: string, input: unknown) => ({
  message: { role: 'model' as const, content: [{ toolRequest: { name, input } }] },
  finishReason: 'stop' as const,
});

/**
 * A Firestore session store that stops at the crash points after each of its writes: `side`
 * names whose session it stores (each agent has its own store, over the same collections).
 */
function stoppingStore(
  options: SubAgentCrashOptions,
  side: 'parent' | 'sub',
  at: (point: SubAgentPoint) => Promise<void>,
): SessionStore {
  const inner = new FirestoreSessionStore({ firestore: options.firestore, prefix: options.prefix });
  const store = Object.create(inner) as SessionStore;
  let writes = 0;
  const passed = async (next: Session): Promise<void> => {
    const n = ++writes;
    if (next.status !== 'running') {
      if (side === 'sub') await at('sub:after-final-write');
      return;
    }
    // The lease write, the model's request before its tool runs, the tool's result.
    const names = ['after-lease', 'after-request', 'after-result'];
    const point = `${side}:${names[n - 1] ?? ''}`;
    if ((SUB_AGENT_POINTS as readonly string[]).includes(point)) await at(point as SubAgentPoint);
  };
  store.create = async (session: Session): Promise<SessionRecord> => {
    const record = await inner.create(session);
    await passed(session);
    return record;
  };
  store.write = async (expected, next, options) => {
    if (side === 'parent' && next.status !== 'running') await at('parent:before-final-write');
    const record = await inner.write(expected, next, options);
    await passed(next);
    return record;
  };
  return store;
}

/** The shop (parent) and its refunds sub-agent, in the child and in the test's process. */
export function subAgentCrashShop(options: SubAgentCrashOptions): Agent {
  const { firestore, prefix, point } = options;
  const at = async (here: SubAgentPoint): Promise<void> => {
    if (point === here) await options.onPoint?.(here);
  };
  const clock = options.clock ? { clock: options.clock } : {};
  const charge = defineTool(
    {
      name: 'charge',
      description: 'charges an order back',
      inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      await firestore.doc(`${prefix}runs/charge`).set({ count: FieldValue.increment(1) }, { merge: true });
      // The downstream system's own idempotency: the call's ref is the key.
      await firestore
        .doc(`${prefix}applied/charge-${ctx.ref}`)
        .create({ input })
        .catch(() => undefined);
      await at('after-effect:charge');
      return { refunded: input.cents };
    },
  );
  const refunds = defineAgent({
    name: 'refunds',
    model: scriptedModel((request) =>
      toolAnswered(request) ? 'refunded 500' : call('charge', { orderId: 'A-1001', cents: 500 }),
    ),
    tools: [charge],
    store: stoppingStore(options, 'sub', at),
    ...clock,
  });
  const tool = agentTool(refunds, { name: 'refunds', description: 'refunds an order', input: z.object({}) });
  return defineAgent({
    name: 'shop',
    model: scriptedModel((request) =>
      toolAnswered(request) ? `done: ${JSON.stringify(outputs(request))}` : call('refunds', {}),
    ),
    tools: [tool],
    store: stoppingStore(options, 'parent', at),
    ...clock,
  });
}
