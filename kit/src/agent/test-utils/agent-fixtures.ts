import { z } from 'zod';
import type { GenerateRequest, Message, ToolResponsePart } from '../../model/index.js';
import { type ScriptedModel, scriptedModel } from '../../models/scripted/index.js';
import { type Approvers, defineTool, type Tool, type ToolContext } from '../../tools/index.js';

/** The gate of every test (kept here for the agent's tests and fixtures). */
export { type Gate, gate } from '../../test-utils/gate.js';

/** A promise that resolves when `open` is called. */
/** A clock a test moves by hand (leases expire when it is advanced past them). */
export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}

/** A clock starting at `start` epoch ms. */
export function manualClock(start = 1_700_000_000_000): ManualClock {
  let now = start;
  return { now: () => now, advance: (ms) => (now += ms) };
}

/**
 * What side-effect tools did. `runs` counts tool bodies; `applied` is the downstream system,
 * which (as a real payment API with idempotency keys would) applies a ref's effect once.
 */
export interface Effects {
  runs: number;
  refs: string[];
  applied: Map<string, unknown>;
  /** Called inside a tool body after the effect is applied (to crash or hold there). */
  afterEffect?: (ref: string) => Promise<void> | void;
  /**
   * Called inside the transfer's body before its effect, once approved (a tool that waits on
   * something first: a quote, a lock). The body reads its `ctx.signal` only once this settles,
   * and gives up without the effect when the turn was aborted meanwhile.
   */
  beforeEffect?: (ref: string) => Promise<void> | void;
}

/** A fresh record of effects. */
export function effects(): Effects {
  return { runs: 0, refs: [], applied: new Map() };
}

async function apply(record: Effects, ref: string, effect: unknown): Promise<void> {
  record.runs++;
  record.refs.push(ref);
  if (!record.applied.has(ref)) record.applied.set(ref, effect);
  await record.afterEffect?.(ref);
}

/** `charge`: an idempotent side-effect tool (a payment keyed by the call's ref). */
export function chargeTool(record: Effects): Tool {
  return defineTool(
    {
      name: 'charge',
      description: 'charges an order',
      inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
      outputSchema: z.object({ charged: z.number(), orderId: z.string() }),
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      await apply(record, ctx.ref, input);
      return { charged: input.cents, orderId: input.orderId };
    },
  );
}

/** The body of `transfer`: asks a person first, and applies its effect once restarted with approval. */
function transferBody(record: Effects) {
  return async (input: { cents: number }, ctx: ToolContext) => {
    if (!ctx.resumed) ctx.interrupt({ need: 'confirm', cents: input.cents });
    const waited = record.beforeEffect?.(ctx.ref);
    if (waited) {
      await waited;
      // The first read of the signal, after the wait: a stop that landed meanwhile must show here.
      if (ctx.signal.aborted) throw ctx.signal.reason;
    }
    await apply(record, ctx.ref, input);
    return { done: true, cents: input.cents };
  };
}

const TRANSFER = {
  name: 'transfer',
  description: 'moves money',
  inputSchema: z.object({ cents: z.number() }),
  outputSchema: z.object({ done: z.boolean(), cents: z.number() }),
  sideEffects: 'idempotent',
  // Test-only: the amount is editable so the matrix's "restart with other input" is an admitted
  // edit. A real payment tool never lets a client edit who is paid or how much (docs/architecture.md, how to add a tool).
  editableInput: ['cents'],
} as const;

/** `transfer`: an idempotent tool that asks a person first, and runs once restarted with approval. */
export function transferTool(record: Effects, approvers?: Approvers): Tool {
  return defineTool({ ...TRANSFER, ...(approvers === undefined ? {} : { approvers }) }, transferBody(record));
}

/** How a deploy changed `transfer` while a call of it waited for a person. */
export type TransferDeploy = 'field renamed, migrated' | 'field renamed' | 'tool renamed' | 'tool removed';

/** The deploys of {@link TransferDeploy}, in order. */
export const TRANSFER_DEPLOYS: readonly TransferDeploy[] = [
  'field renamed, migrated',
  'field renamed',
  'tool renamed',
  'tool removed',
];

/**
 * The tools a deploy offers in place of {@link transferTool}: version 2 of `transfer`, whose
 * `cents` became `amountCents` (with a `migrateInput` from version 1, or without); the same tool
 * renamed `sendMoney`; or no transfer at all.
 */
export function deployedTransferTools(record: Effects, deploy: TransferDeploy): Tool[] {
  if (deploy === 'tool removed') return [];
  if (deploy === 'tool renamed') {
    return [defineTool({ ...TRANSFER, name: 'sendMoney' }, transferBody(record))];
  }
  const migrateInput = (input: unknown) => ({ amountCents: (input as { cents: number }).cents });
  return [
    defineTool(
      {
        name: 'transfer',
        description: 'moves money',
        inputSchema: z.object({ amountCents: z.number() }),
        outputSchema: z.object({ done: z.boolean(), cents: z.number() }),
        sideEffects: 'idempotent',
        version: 2,
        ...(deploy === 'field renamed, migrated' ? { migrateInput } : {}),
      },
      async (input, ctx) => {
        if (!ctx.resumed) ctx.interrupt({ need: 'confirm', cents: input.amountCents });
        await apply(record, ctx.ref, input);
        return { done: true, cents: input.amountCents };
      },
    ),
  ];
}

/** Options of {@link toolThenAnswer}. */
export interface ToolThenAnswerOptions {
  /**
   * Awaited at the start of every model call (1-based count), to hold or fail a call; `signal`
   * fires when the turn gives the call up (a stop, say), as a real model's request is aborted.
   */
  before?: (call: number, request: GenerateRequest, signal: AbortSignal | undefined) => Promise<void> | void;
}

/**
 * A model that answers a user message by calling `tool` with `input` (no ref: the kit assigns
 * one, as with providers that send no call ids), and a tool message with text naming the outputs.
 */
export function toolThenAnswer(tool: string, input: unknown, options: ToolThenAnswerOptions = {}): ScriptedModel {
  let calls = 0;
  return scriptedModel(async (request, { signal }) => {
    calls++;
    await options.before?.(calls, request, signal);
    const last = request.messages.at(-1) as Message;
    if (last.role === 'user')
      return { message: { role: 'model', content: [{ toolRequest: { name: tool, input } }] }, finishReason: 'stop' };
    const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse?.output);
    return `done: ${JSON.stringify(outputs)}`;
  });
}

/**
 * A bank's model: a user message that starts with "send" calls `transfer` with `cents` (no ref:
 * the kit assigns one); a tool message is answered "done: <outputs as JSON>"; any other user
 * message "noted: <its text>".
 */
export function transferOnSend(cents: number, options: ToolThenAnswerOptions = {}): ScriptedModel {
  let calls = 0;
  return scriptedModel(async (request, { signal }) => {
    calls++;
    await options.before?.(calls, request, signal);
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse?.output);
      return `done: ${JSON.stringify(outputs)}`;
    }
    const [text = ''] = userTexts([last]);
    if (!text.startsWith('send')) return `noted: ${text}`;
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents } } }] },
      finishReason: 'stop',
    };
  });
}

/** A model that echoes the last user text after waiting for `before`. */
export function echoModel(options: ToolThenAnswerOptions = {}): ScriptedModel {
  let calls = 0;
  return scriptedModel(async (request, { signal }) => {
    calls++;
    await options.before?.(calls, request, signal);
    const user = request.messages.findLast((m) => m.role === 'user');
    const text = user?.content.map((p) => ('text' in p ? p.text : '')).join('') ?? '';
    return `echo: ${text}`;
  });
}

/** The texts of the user messages of a history. */
export function userTexts(history: readonly Message[]): string[] {
  return history
    .filter((m) => m.role === 'user')
    .map((m) => m.content.map((p) => ('text' in p ? p.text : '')).join(''));
}
