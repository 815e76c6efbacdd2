import {
  type Agent,
  type AgentInput,
  defineAgent,
  handoffTo,
  type WhileBusy,
} from '@callable-flows/kit/agent/index.js';
import type { GenerateRequest, Message } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session, SessionRecord, SessionStore } from '@callable-flows/kit/session/index.js';
import { defineTool } from '@callable-flows/kit/tools/index.js';
import { FieldValue, type Firestore } from '@google-cloud/firestore';
import { z } from 'zod';

/**
 * Every step of a message turn with two side-effect tools in two rounds (charge, then ship):
 * after each store write, and inside each tool once its effect is applied downstream.
 */
export const MESSAGE_POINTS = [
  'after-user-message',
  'after-checkpoint:charge',
  'after-effect:charge',
  'after-result:charge',
  'after-checkpoint:ship',
  'after-effect:ship',
  'after-result:ship',
  'before-final-write',
  'after-final-write',
] as const;

/** Every step of the resume of an interrupted transfer, restarted with approval. */
export const RESUME_POINTS = [
  'after-resume-lease',
  'after-effect:transfer',
  'after-result:transfer',
  'before-final-write',
  'after-final-write',
] as const;

/**
 * Every step of a refund handed to another agent: the hand-off's round (pure: written with the
 * switch of the session's agent, in one write), then the refunds agent's charge and its answer.
 */
export const HANDOFF_POINTS = [
  'after-user-message',
  'after-switch',
  'after-checkpoint:charge',
  'after-effect:charge',
  'after-result:charge',
  'before-final-write',
  'after-final-write',
] as const;

/** Where the child process stops (and is killed). */
export type CrashPoint =
  | (typeof MESSAGE_POINTS)[number]
  | (typeof RESUME_POINTS)[number]
  | (typeof HANDOFF_POINTS)[number];

/** The message that starts the charge-and-ship turn. */
export const ORDER_MESSAGE = 'charge and ship order A-1001';
/** The message that starts the transfer turn (it interrupts for approval). */
export const TRANSFER_MESSAGE = 'send 5 euros to Bob';
/** What the model answers once both tools ran. */
export const ORDER_ANSWER = 'done: charged 500 and shipped A-1001';
/** What the model answers once the transfer ran. */
export const TRANSFER_ANSWER = 'done: transferred 500';
/** The message the shop hands to the refunds agent. */
export const HANDOFF_MESSAGE = 'refund order A-1001';
/** What the refunds agent answers once its charge (the refund's effect) ran. */
export const HANDOFF_ANSWER = 'refunds: done, 500 back on A-1001';

/** One call the crash test makes: in the child, then again (the retry) in the parent. */
export interface CrashCall {
  sessionId?: string;
  input: AgentInput;
  requestId?: string;
}

/** Options of {@link crashAgent}. */
export interface CrashAgentOptions {
  firestore: Firestore;
  prefix: string;
  /** Where to stop; `onPoint` runs there (the child prints and hangs). */
  point?: CrashPoint;
  onPoint?: (point: CrashPoint) => Promise<void>;
  clock?: () => number;
}

const lastText = (messages: readonly Message[]): string => {
  const user = messages.findLast((m) => m.role === 'user');
  return user?.content.map((p) => ('text' in p ? p.text : '')).join('') ?? '';
};

const answered = (request: GenerateRequest): string[] => {
  const last = request.messages.at(-1);
  return last?.role === 'tool' ? last.content.flatMap((p) => ('toolResponse' in p ? [p.toolResponse.name] : [])) : [];
};

const call = (name: string, input: unknown) => ({
  message: { role: 'model' as const, content: [{ toolRequest: { name, input } }] },
  finishReason: 'stop' as const,
});

/** Plays: order → charge → ship → answer; transfer → transfer (interrupts) → answer; anything else is echoed. */
function crashModel() {
  return scriptedModel((request: GenerateRequest) => {
    const done = answered(request);
    if (done.includes('ship')) return ORDER_ANSWER;
    if (done.includes('charge')) return call('ship', { orderId: 'A-1001' });
    if (done.includes('transfer')) return TRANSFER_ANSWER;
    const text = lastText(request.messages);
    if (text === ORDER_MESSAGE) return call('charge', { orderId: 'A-1001', cents: 500 });
    if (text === TRANSFER_MESSAGE) return call('transfer', { to: 'bob', cents: 500 });
    if (text === HANDOFF_MESSAGE) return call('transfer_to_refunds', {});
    return `echo: ${text}`;
  });
}

/** The refunds agent's model: handed the conversation, it charges the refund, then says so. */
function refundsModel() {
  return scriptedModel((request: GenerateRequest) => {
    const done = answered(request);
    if (done.includes('charge')) return HANDOFF_ANSWER;
    if (done.includes('transfer_to_refunds')) return call('charge', { orderId: 'A-1001', cents: -500 });
    return `refunds: ${lastText(request.messages)}`;
  });
}

/** Side-effect tools whose effects go to Firestore, so that the child and the parent count them alike. */
function effectTools(firestore: Firestore, prefix: string, at: (point: CrashPoint) => Promise<void>) {
  const apply = async (name: string, ref: string, input: unknown): Promise<void> => {
    await firestore.doc(`${prefix}runs/${name}`).set({ count: FieldValue.increment(1) }, { merge: true });
    // The downstream system's own idempotency: the call's ref is the key, a second run applies nothing.
    await firestore
      .doc(`${prefix}applied/${name}-${ref}`)
      .create({ input })
      .catch(() => undefined);
    await at(`after-effect:${name}` as CrashPoint);
  };
  const charge = defineTool(
    {
      name: 'charge',
      description: 'charges an order',
      inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      await apply('charge', ctx.ref, input);
      return { charged: input.cents };
    },
  );
  const ship = defineTool(
    {
      name: 'ship',
      description: 'ships an order',
      inputSchema: z.object({ orderId: z.string() }),
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      await apply('ship', ctx.ref, input);
      return { shipped: input.orderId };
    },
  );
  const transfer = defineTool(
    {
      name: 'transfer',
      description: 'moves money, once a person approves',
      inputSchema: z.object({ to: z.string(), cents: z.number() }),
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ confirm: `send ${input.cents} to ${input.to}?` });
      await apply('transfer', ctx.ref, input);
      return { transferred: input.cents };
    },
  );
  return [charge, ship, transfer];
}

/** Refs of the open round's calls whose results `session` journals. */
function recordedRefs(session: Session): Set<string> {
  const last = session.history.at(-1);
  const refs = new Set<string>();
  if (session.status !== 'running' || last?.role !== 'model') return refs;
  for (const part of last.content) {
    if ('toolRequest' in part && part.metadata && 'pendingOutput' in part.metadata)
      refs.add(part.toolRequest.ref ?? '');
  }
  return refs;
}

/**
 * The point a write just passed: the lease write (the call's first), a model message stored
 * before its tools run, or a tool's result journaled. A lease renewal would pass for a
 * checkpoint, but it comes only every 5 s of a turn.
 */
function pointAfter(first: boolean, before: Session | undefined, next: Session): CrashPoint | undefined {
  if (next.status !== 'running') return 'after-final-write';
  if (first) return next.turn?.kind === 'resume' ? 'after-resume-lease' : 'after-user-message';
  if (before && next.agent !== before.agent) return 'after-switch';
  const had = before ? recordedRefs(before) : new Set<string>();
  const last = next.history.at(-1);
  const recorded =
    last?.role === 'model'
      ? last.content.find(
          (p) =>
            'toolRequest' in p && recordedRefs(next).has(p.toolRequest.ref ?? '') && !had.has(p.toolRequest.ref ?? ''),
        )
      : undefined;
  if (recorded && 'toolRequest' in recorded) return `after-result:${recorded.toolRequest.name}` as CrashPoint;
  const request = last?.role === 'model' ? last.content.find((p) => 'toolRequest' in p) : undefined;
  return request && 'toolRequest' in request && !recordedRefs(next).size
    ? (`after-checkpoint:${request.toolRequest.name}` as CrashPoint)
    : undefined;
}

/** A Firestore session store that stops at the crash points between and around its writes. */
function stoppingStore(firestore: Firestore, prefix: string, at: (point: CrashPoint) => Promise<void>): SessionStore {
  const inner = new FirestoreSessionStore({ firestore, prefix });
  const store = Object.create(inner) as SessionStore;
  let writes = 0;
  let previous: Session | undefined;
  const passed = async (next: Session): Promise<void> => {
    const point = pointAfter(writes++ === 0, previous, next);
    previous = next;
    if (point) await at(point);
  };
  store.create = async (session: Session): Promise<SessionRecord> => {
    const record = await inner.create(session);
    await passed(session);
    return record;
  };
  store.write = async (expected, next, options) => {
    if (next.status !== 'running') await at('before-final-write');
    const record = await inner.write(expected, next, options);
    await passed(next);
    return record;
  };
  return store;
}

/** The agent of the crash test, in the child and in the parent: it hands refunds to a refunds agent on its store. */
export function crashAgent(options: CrashAgentOptions): Agent {
  const { firestore, prefix, point } = options;
  const at = async (here: CrashPoint): Promise<void> => {
    if (point === here) await options.onPoint?.(here);
  };
  const tools = effectTools(firestore, prefix, at);
  const store = stoppingStore(firestore, prefix, at);
  const clock = options.clock ? { clock: options.clock } : {};
  const refunds: Agent<WhileBusy> = defineAgent({
    name: 'refunds',
    model: refundsModel(),
    tools: tools.filter((t) => t.name === 'charge'),
    store,
    ...clock,
  });
  return defineAgent({
    name: 'shop',
    model: crashModel(),
    tools: [...tools, handoffTo(refunds)],
    store,
    ...clock,
  });
}
