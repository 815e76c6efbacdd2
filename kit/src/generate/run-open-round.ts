import type { PresentedInput } from '@callable-flows/protocol';
import { callStateOf, clearStamps, recordedResponse, stampInterrupt, stampPendingOutput } from '../call-state/index.js';
import type { Message, Part, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import { inboxAddressOf, PromiseSink, presentationOf } from '../tools/index.js';
import { callIdOf } from './assign-call-ids.js';
import type { RefToolRequestPart } from './assign-refs.js';
import {
  runToolCall,
  ToolCallRecord,
  type ToolCallScope,
  type ToolOutcome,
  toolErrorResponse,
} from './execute-tool-call.js';
import type { AdmitWaiting, ToolResultStep } from './generate-options.js';

/** How a round ended: every call answered (a tool message), or some waiting for a person. */
export type ResolvedRound =
  | { message: Message; toolMessage: Message; interruptedMessage?: undefined; interrupts?: undefined }
  | { message: Message; interruptedMessage: Message; interrupts: ToolRequestPart[]; toolMessage?: undefined };

/** What a round runs with besides its tools. */
export interface RoundHooks {
  /** Streams a response the moment its call has one. */
  onResponse?: ((response: ToolResponsePart) => void) | undefined;
  /** Journals a call's result before the round goes on (awaited). */
  onToolResult?: ((step: ToolResultStep) => void | Promise<void>) | undefined;
  /** Which of the round's newly waiting calls may wait (see `GenerateOptions.admitWaiting`). */
  admitWaiting?: AdmitWaiting | undefined;
  /** The person's last message, as a presentation of a waiting call may quote it (see `PresentContext`). */
  userText?: (() => string | undefined) | undefined;
}

/**
 * One round's calls as they settle: what each ended with, by request index, and the round's
 * outcome once the last has (a failure: the first by index, after every call finished).
 */
class RoundJoin {
  /** Calls not settled yet, plus one held while the calls are being started. */
  pending = 1;
  /** The request part as the round keeps it (stamped when it waits), by index; unset for other parts. */
  readonly parts: (ToolRequestPart | undefined)[];
  readonly responses: (ToolResponsePart | undefined)[];
  failedAt = -1;
  failure: unknown;
  /** The calls that asked a person in this round (not those that already waited), in the order they asked. */
  asked: RoundCall[] | undefined;
  readonly outcome = new PromiseSink<ResolvedRound>();
  readonly message: Message;
  readonly hooks: RoundHooks;
  constructor(message: Message, hooks: RoundHooks) {
    this.message = message;
    this.hooks = hooks;
    this.parts = new Array(message.content.length);
    this.responses = new Array(message.content.length);
  }

  done(index: number, part: ToolRequestPart, response: ToolResponsePart | undefined): void {
    this.parts[index] = part;
    this.responses[index] = response;
    this.release();
  }

  failed(index: number, error: unknown): void {
    if (this.failedAt < 0 || index < this.failedAt) {
      this.failedAt = index;
      this.failure = error;
    }
    this.release();
  }

  /** A response the moment it is settled: streamed, then kept. */
  answered(index: number, part: ToolRequestPart, response: ToolResponsePart): void {
    try {
      this.hooks.onResponse?.(response);
    } catch (error) {
      this.failed(index, error);
      return;
    }
    this.done(index, part, response);
  }

  release(): void {
    if (--this.pending) return;
    if (this.failedAt >= 0) {
      this.outcome.fail(this.failure);
      return;
    }
    const admit = this.hooks.admitWaiting;
    if (this.asked && admit)
      this.admitAsked(admit, this.asked).then(
        () => this.resolve(),
        (error: unknown) => this.outcome.fail(error),
      );
    else this.resolve();
  }

  /** Asks once which of the calls that asked may wait; a refused one is answered with its refusal, as a tool error. */
  async admitAsked(admit: AdmitWaiting, asked: readonly RoundCall[]): Promise<void> {
    // In request order, as the round's message has them (calls settle in any order).
    const calls = asked.slice().sort((a, b) => a.index - b.index);
    const refusals = await admit(calls.map((call) => this.parts[call.index] as ToolRequestPart));
    for (const [i, call] of calls.entries()) {
      const refusal = refusals[i];
      if (!refusal) continue;
      const response = toolErrorResponse(call.request, refusal);
      this.hooks.onResponse?.(response);
      this.parts[call.index] = call.part;
      this.responses[call.index] = response;
    }
  }

  resolve(): void {
    let resolved: ResolvedRound;
    try {
      resolved = resolvedRound(this.message, this.parts, this.responses);
    } catch (error) {
      this.outcome.fail(error);
      return;
    }
    this.outcome.settle(resolved);
  }
}

/** One call of a round: the tool's sink, which tells the round how the call ended. */
class RoundCall extends ToolCallRecord {
  readonly join: RoundJoin;
  readonly index: number;
  readonly part: ToolRequestPart;
  constructor(join: RoundJoin, index: number, part: RefToolRequestPart, scope: ToolCallScope) {
    super(part.toolRequest, scope);
    this.join = join;
    this.index = index;
    this.part = part;
  }

  /** The id the call was journaled with (`ctx.callId`): its message's id and its index, or the part's own. */
  override get callId(): string {
    return callIdOf(this.part, this.join.message, this.index, this.scope.sessionId);
  }

  override deliver(outcome: ToolOutcome): void {
    // A restarted call that asks again waits again, as a new interrupt.
    if (outcome.interrupt === undefined) {
      this.answer(outcome.response);
      return;
    }
    const config = this.tool?.config;
    const asker = { toolVersion: config?.version, approvers: inboxAddressOf(config?.approvers), ...this.presented() };
    if (this.join.asked) this.join.asked.push(this);
    else this.join.asked = [this];
    this.join.done(this.index, stampInterrupt(this.part, outcome.interrupt, asker, outcome.kept), undefined);
  }

  /** The call's input as its tool presents it, when the tool declares how (none: every reader shows the input as it is). */
  presented(): { presented?: PresentedInput } {
    const present = this.tool?.config.presentInput;
    if (!present) return {};
    const userText = this.join.hooks.userText?.();
    return { presented: presentationOf(present, this.part.toolRequest.input, { userText }) };
  }

  // Taken as it is: no outcome object per answered call.
  override answer(response: ToolResponsePart): void {
    const { join, index, part } = this;
    let journaled: void | Promise<void> | undefined;
    try {
      journaled = join.hooks.onToolResult?.({ request: part as RefToolRequestPart, response, tool: this.tool });
    } catch (error) {
      join.failed(index, error);
      return;
    }
    if (!journaled) join.answered(index, part, response);
    else
      Promise.resolve(journaled).then(
        () => join.answered(index, part, response),
        (error: unknown) => join.failed(index, error),
      );
  }

  override reject(error: unknown): void {
    this.join.failed(this.index, error);
  }
}

/** Starts (or settles at once) the call `part` of the round. */
function startCall(join: RoundJoin, index: number, part: ToolRequestPart, scope: ToolCallScope): void {
  const state = callStateOf(part);
  if (state.kind === 'waiting') {
    join.done(index, part, undefined);
    return;
  }
  const response = recordedResponse(part, state);
  if (response) {
    join.answered(index, part, response);
    return;
  }
  const call = new RoundCall(join, index, part as RefToolRequestPart, scope);
  if (state.kind !== 'approved') {
    runToolCall(call, undefined);
    return;
  }
  const kept = part.metadata?.keptState;
  if (kept && typeof kept === 'object') call.kept = kept as Record<string, unknown>;
  runToolCall(call, state.resumed);
}

/** The round's outcome from what each call ended with (`parts` unset where the message has no call). */
function resolvedRound(
  message: Message,
  parts: readonly (ToolRequestPart | undefined)[],
  answers: readonly (ToolResponsePart | undefined)[],
): ResolvedRound {
  // One pass, plain loops: a round runs per model call, and flatMap's one-element arrays add up.
  const interrupts: ToolRequestPart[] = [];
  const responses: ToolResponsePart[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!part) continue;
    const response = answers[i];
    if (response) responses.push(response);
    else interrupts.push(part);
  }
  if (interrupts.length) {
    const content = message.content.map((original, i) => {
      const part = parts[i];
      if (!part) return original;
      const response = answers[i];
      return response ? stampPendingOutput(part, response) : part;
    });
    const interruptedMessage = { ...message, content };
    return { message: interruptedMessage, interruptedMessage, interrupts };
  }
  const toolMessage: Message = { role: 'tool', content: responses };
  // The message as it was when no call carried stamps (a fresh round): no copy per round.
  let content: Part[] | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!part) continue;
    const cleared = clearStamps(part);
    if (cleared === message.content[i]) continue;
    content ??= message.content.slice();
    content[i] = cleared;
  }
  return { message: content ? { ...message, content } : message, toolMessage };
}

/**
 * Settles the open round `message` holds, in parallel: a recorded response is reused, an
 * approved or unanswered call runs (as resumed, or fresh), a call waiting for a person waits.
 * The round waits for every call before a failure ends it, so what finished is journaled.
 * With nothing waiting, the responses form the tool message, in request order; otherwise the
 * message comes back stamped: waiting calls carry `interrupt`, answered ones `pendingOutput`.
 * One record per call and one promise per round: a call's result goes straight to the round.
 */
export function runOpenRound(message: Message, scope: ToolCallScope, hooks: RoundHooks = {}): Promise<ResolvedRound> {
  const join = new RoundJoin(message, hooks);
  const content = message.content;
  for (let i = 0; i < content.length; i++) {
    const part = content[i] as Message['content'][number];
    if (!('toolRequest' in part)) continue;
    join.pending++;
    try {
      startCall(join, i, part, scope);
    } catch (error) {
      // Fails this call only: the round still waits for the others.
      join.failed(i, error);
    }
  }
  join.release();
  return join.outcome.promise();
}
