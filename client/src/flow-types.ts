import type { FailedCall, FinishReason, PresentedInput, QueuedResult, WireChunk } from '@callable-flows/protocol';

/** What one interrupting tool takes and gives: its input, the metadata it asks with, the output an answer carries. */
export interface InterruptTypes {
  input?: unknown;
  metadata?: unknown;
  output?: unknown;
}

/**
 * The types of one function, declared by the app (the client can't see the server's schemas):
 * `flow<{ output: Order; interrupts: { cancelOrder: { input: { orderId: string } } } }>(…)`.
 */
export interface FlowTypes {
  /** The agent's structured output. */
  output?: unknown;
  /** The agent's typed state (its `state` schema), as a watcher reads it. */
  state?: unknown;
  /** The tools that may interrupt, by name. */
  interrupts?: Record<string, InterruptTypes>;
  /**
   * What the agent does with a message sent while a turn runs (its `whileBusy`): `'queue'` makes
   * `send` and `stream` resolve to `FlowResult | QueuedResult`; otherwise they resolve to a `FlowResult`.
   */
  whileBusy?: 'reject' | 'queue' | 'interrupt';
}

type Interrupts<T extends FlowTypes> =
  T['interrupts'] extends Record<string, InterruptTypes> ? T['interrupts'] : Record<string, InterruptTypes>;
type Field<I, K extends keyof InterruptTypes> = I extends { [P in K]: infer V } ? V : unknown;

/** The names of the interrupting tools of `T`. */
export type InterruptName<T extends FlowTypes> = Extract<keyof Interrupts<T>, string>;

/** An interrupt waiting for the person, with the session it belongs to (so it can be answered on its own). */
export type FlowInterrupt<T extends FlowTypes = FlowTypes, N extends InterruptName<T> = InterruptName<T>> = {
  [K in N]: {
    sessionId: string;
    ref: string;
    name: K;
    input: Field<Interrupts<T>[K], 'input'>;
    metadata: Field<Interrupts<T>[K], 'metadata'> | true;
    /**
     * The server's digest of the input the person is shown: `approve` and `answer` send it back,
     * so the answer is refused (`APPROVAL_STALE`) if the waiting call is no longer this one.
     */
    inputDigest?: string;
    /**
     * The input as its tool presents it to the person who approves it (labelled fields, each
     * marking whose words it holds); absent when the tool declares no presentation: show the input.
     */
    presented?: PresentedInput;
  };
}[N];

/** The output an answer to interrupt `N` carries. */
export type InterruptOutput<T extends FlowTypes, N extends InterruptName<T>> = Field<Interrupts<T>[N], 'output'>;

/** The input of interrupt `N`. */
export type InterruptInput<T extends FlowTypes, N extends InterruptName<T>> = Field<Interrupts<T>[N], 'input'>;

/**
 * A person's edit of an input (`replaceInput`): the fields to change, merged over the stored
 * input by the server (objects field by field, arrays whole), admitted only for the fields
 * its tool declares editable.
 */
export type InputEdit<I> = I extends readonly unknown[]
  ? I
  : I extends object
    ? { [K in keyof I]?: InputEdit<I[K]> }
    : I;

/** The result of one call. */
export interface FlowResult<T extends FlowTypes = FlowTypes> {
  sessionId: string;
  status: 'done' | 'interrupted';
  finishReason: FinishReason;
  finishMessage?: string;
  text: string;
  /** The structured output; null when the agent has none. */
  output: (T['output'] extends undefined ? unknown : T['output']) | null;
  interrupts: FlowInterrupt<T>[];
  /** The calls a person approved in this turn whose tool then failed: show each as failed, not done. */
  failed?: FailedCall[];
  usage: { inputTokens: number; outputTokens: number };
}

/** One streamed piece of a call (the wire chunk; an interrupt chunk carries its session too). */
export type FlowChunk<T extends FlowTypes = FlowTypes> =
  | Exclude<WireChunk, { type: 'interrupt' }>
  | ({ type: 'interrupt' } & FlowInterrupt<T>);

/** What a message to the flow resolves to: its turn's result, or `queued` when the flow queues (`whileBusy: 'queue'`). */
export type SendResult<T extends FlowTypes = FlowTypes> = T extends { whileBusy: 'queue' }
  ? FlowResult<T> | QueuedResult
  : FlowResult<T>;
