import type { z } from 'zod';
import { openRoundOf } from '../call-state/index.js';
import { KitError, throwIfAborted } from '../errors/index.js';
import {
  type FinishReason,
  type GenerateRequest,
  type GenerateResponseChunk,
  type Message,
  markCheckedList,
  type ToolRequest,
  type ToolRequestPart,
  type ToolResponsePart,
  textOf,
  toolRequestsOf,
  type Usage,
} from '../model/index.js';
import { KIT_ATTR, runInSpan, startKitSpan } from '../telemetry/index.js';
import { hasToolSource, resolveToolEntries, type Tool, type ToolEntry } from '../tools/index.js';
import { addUsage } from './add-usage.js';
import { applyResume } from './apply-resume.js';
import { baseRequest, initialMessages } from './build-request.js';
import { callModel, type ModelCallScope } from './call-model.js';
import type { ToolCallScope } from './execute-tool-call.js';
import type { GenerateOptions, GenerateResult, PreparedStep, RoundRecord } from './generate-options.js';
import { dataOf, extractJson, parseOutput } from './parse-output.js';
import { repliesOfOptions } from './resume-reply.js';
import { type ResolvedRound, runOpenRound } from './run-open-round.js';
import { isStopMet, stopToolResult } from './stop-condition.js';
import { toToolMap } from './to-tool-map.js';
import { UntimedMessages } from './untimed-messages.js';

/** The tools by name, each source's list (an MCP server's) resolved with the caller's context. */
async function sourcedToolMap(options: GenerateOptions): Promise<Map<string, Tool>> {
  return toToolMap(await resolveToolEntries(options.tools as ToolEntry[], options.context ?? {}));
}

/** Default number of tool rounds in one generation. */
export const DEFAULT_MAX_TURNS = 5;

interface LoopState {
  messages: Message[];
  rounds: RoundRecord[];
  usage: Usage;
  roundCount: number;
  /** Index of the next message this generation adds (chunks carry it). */
  index: number;
  started: number;
}

interface Ending {
  finishReason: FinishReason;
  /** The response of a tool with `stop: true`: its output is the generation's output. */
  stopResponse?: ToolResponsePart;
  finishMessage?: string | undefined;
  interrupts?: ToolRequestPart[];
  toolRequests?: ToolRequestPart[];
}

function finish<O>(state: LoopState, options: GenerateOptions, ending: Ending): GenerateResult<O> {
  const message = state.messages.findLast((m) => m.role === 'model');
  const text = message ? textOf(message.content) : '';
  let output: unknown;
  if (ending.stopResponse) output = ending.stopResponse.toolResponse.output;
  else if (ending.finishReason === 'stop' && !ending.toolRequests?.length) {
    // A model may answer with a data part: it is the output, before any JSON in the text.
    if (options.output?.schema) output = parseOutput(text, options.output.schema, message?.content);
    else if (options.output?.format === 'json') output = dataOf(message?.content)?.value ?? extractJson(text);
  }
  const result: GenerateResult<O> = {
    message,
    messages: state.messages,
    text,
    output: output as O | undefined,
    finishReason: ending.finishReason,
    interrupts: ending.interrupts ?? [],
    toolRequests: ending.toolRequests ?? [],
    usage: state.usage,
    rounds: state.roundCount,
    latencyMs: performance.now() - state.started,
  };
  if (ending.finishMessage !== undefined) result.finishMessage = ending.finishMessage;
  // Passed back as it is (a resume), the list is not walked again.
  markCheckedList(state.messages);
  return result;
}

function toolResponseEmitter(
  onChunk: ((chunk: GenerateResponseChunk) => void) | undefined,
  index: number,
): ((response: ToolResponsePart) => void) | undefined {
  return onChunk && ((response) => onChunk({ index, role: 'tool', content: [response] }));
}

/** The tool requests of a model message, in one pass (no intermediate list of parts). */
function toolCallsOf(message: Message): ToolRequest[] {
  const calls: ToolRequest[] = [];
  for (const part of message.content) if ('toolRequest' in part) calls.push(part.toolRequest);
  return calls;
}

/** The text of the last user message of `messages` (undefined: none, or no text in it). */
function lastUserText(messages: readonly Message[]): string | undefined {
  const user = messages.findLast((m) => m.role === 'user');
  const text = user?.content.flatMap((part) => ('text' in part && typeof part.text === 'string' ? [part.text] : []));
  return text?.length ? text.join('\n') : undefined;
}

/** Replaces the last message (the model message a round or a resume revised). */
function replaceLast(state: LoopState, message: Message): void {
  state.messages[state.messages.length - 1] = message;
}

/** Everything a round of the loop runs with. */
interface LoopScope {
  options: GenerateOptions;
  toolScope: ToolCallScope;
  onChunk: ((chunk: GenerateResponseChunk) => void) | undefined;
}

/**
 * Settles the open round that ends the conversation, then either ends the generation
 * (interrupted, or stopped by a stop tool or `stopWhen`) or leaves the tool message appended
 * for the next model call.
 */
async function settleRound<O>(
  state: LoopState,
  scope: LoopScope,
  modelIndex: number,
): Promise<GenerateResult<O> | undefined> {
  const message = state.messages[state.messages.length - 1] as Message;
  const round: ResolvedRound = await runOpenRound(message, scope.toolScope, {
    onResponse: toolResponseEmitter(scope.onChunk, state.index),
    onToolResult: scope.options.onToolResult,
    admitWaiting: scope.options.admitWaiting,
    userText: scope.options.userIsPerson === false ? undefined : () => lastUserText(state.messages),
  });
  replaceLast(state, round.message);
  const observer = scope.options.observer;
  if (observer) {
    const toolCalls = toolRequestsOf(round.message).length;
    observer({ type: 'round-settled', interrupted: round.interruptedMessage !== undefined, toolCalls });
  }
  if (round.interruptedMessage) {
    scope.onChunk?.({ index: modelIndex, role: 'model', content: round.interrupts });
    return finish(state, scope.options, { finishReason: 'interrupted', interrupts: round.interrupts });
  }
  state.messages.push(round.toolMessage);
  state.index++;
  const record: RoundRecord = {
    message: round.message,
    toolCalls: toolCallsOf(round.message),
    // Every part of a round's tool message is a response (runOpenRound builds it so).
    toolResults: round.toolMessage.content.slice() as ToolResponsePart[],
  };
  state.rounds.push(record);
  const stopResponse = stopToolResult(record, scope.toolScope.tools);
  if (stopResponse) return finish(state, scope.options, { finishReason: 'stop', stopResponse });
  if (isStopMet(scope.options.stopWhen, state.rounds)) return finish(state, scope.options, { finishReason: 'stop' });
  return undefined;
}

/** Answers and settles the open round that ends the conversation (generate's `resume`), before any model call. */
async function resumeOpenRound<O>(
  state: LoopState,
  scope: LoopScope,
  tools: ReadonlyMap<string, Tool>,
  resume: NonNullable<GenerateOptions['resume']>,
): Promise<GenerateResult<O> | undefined> {
  const last = openRoundOf(state.messages);
  if (!last) {
    const words = 'nothing to resume: the conversation does not end with an open tool round';
    throw new KitError('failed-precondition', words, { reason: 'NOTHING_TO_RESUME' });
  }
  replaceLast(state, applyResume(last, repliesOfOptions(resume), tools));
  return settleRound<O>(state, scope, 0);
}

/**
 * Runs the generate loop: model → tools in parallel → model …, until the model answers, a
 * tool interrupts or stops the loop, `stopWhen` holds, or `maxTurns` tool rounds are spent.
 * With `resume`, the open round that ends `messages` is answered and settled first, before
 * the model is called. `onModelResponse` and `onToolResult` see every step as it happens.
 */
export async function generate<O extends z.ZodType = z.ZodType>(
  options: GenerateOptions<O>,
): Promise<GenerateResult<z.infer<O>>> {
  const state: LoopState = { messages: [], rounds: [], usage: {}, roundCount: 0, index: 0, started: performance.now() };
  // A source's tools (an MCP server's) are resolved before the first model call; plain tools without an await.
  const tools = hasToolSource(options.tools) ? await sourcedToolMap(options) : toToolMap(options.tools as Tool[]);
  state.messages = initialMessages(options);
  // One request for the whole generation: its messages are the loop's own list, which grows in
  // place (a request's messages are valid for the call, see `Model`; the loop appends only after
  // the model has answered), so a model call builds no request of its own (but for a conversation
  // with stored times: its untimed copy, `untimed-messages.ts`, kept in step with the list).
  const request: GenerateRequest = { ...baseRequest(options, tools), messages: state.messages };
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const onChunk = options.onChunk;
  const toolScope: ToolCallScope = {
    tools,
    context: options.context ?? {},
    sessionId: options.sessionId,
    signal: options.signal,
    middleware: options.toolMiddleware ?? [],
    state: options.state,
    artifacts: options.artifacts,
    observer: options.observer,
  };
  const scope: LoopScope = { options, toolScope, onChunk };
  const modelScope: ModelCallScope = {
    model: options.model,
    use: options.use ?? [],
    signal: options.signal,
    onChunk,
    observer: options.observer,
    untimed: new UntimedMessages(),
  };

  if (options.resume) {
    const ended = await resumeOpenRound<z.infer<O>>(state, scope, tools, options.resume);
    if (ended) return ended;
  }

  for (let rounds = 0; ; rounds++) {
    // Each round is a span when something records it: its model and tool calls nest in it.
    // Untraced, the round runs as it is (no name, attributes or closure built for a no-op span).
    const span = startKitSpan(`round ${rounds}`);
    const ended = span
      ? await runInSpan(span, { attributes: () => ({ [KIT_ATTR.round]: rounds }) }, () =>
          runRound<z.infer<O>>(state, scope, modelScope, request, rounds, maxTurns),
        )
      : await runRound<z.infer<O>>(state, scope, modelScope, request, rounds, maxTurns);
    if (ended) return ended;
  }
}

/** One round: a model call, then the tools it asked for; the result when the generation ends here. */
async function runRound<O>(
  state: LoopState,
  scope: LoopScope,
  modelScope: ModelCallScope,
  request: GenerateRequest,
  rounds: number,
  maxTurns: number,
): Promise<GenerateResult<O> | undefined> {
  const { options } = scope;
  const modelIndex = state.index++;
  // Awaited only when given: an `await` of undefined still costs a promise and a suspension.
  const prepared = options.prepareStep
    ? await options.prepareStep({ round: rounds, messages: state.messages })
    : undefined;
  const stepScope = prepared?.model ? { ...modelScope, model: prepared.model, composed: undefined } : modelScope;
  const stepRequest = prepared ? preparedRequest(request, prepared) : request;
  const response = await callModel(stepRequest, modelIndex, stepScope);
  state.roundCount++;
  addUsage(state.usage, response.usage);
  options.onModelUsage?.(response.usage);
  // A model that finished anyway must not start tools for a caller who has gone.
  throwIfAborted(options.signal, 'generate');
  if (!response.message) {
    return finish(state, options, { finishReason: response.finishReason, finishMessage: response.finishMessage });
  }
  const message = response.message;
  state.messages.push(message);
  if (options.onModelResponse) await options.onModelResponse({ round: rounds, message, messages: state.messages });
  const requests = toolRequestsOf(message);
  if (!requests.length || options.returnToolRequests) {
    return finish(state, options, {
      finishReason: response.finishReason,
      finishMessage: response.finishMessage,
      toolRequests: requests,
    });
  }
  if (rounds >= maxTurns) {
    return finish(state, options, {
      finishReason: 'aborted',
      finishMessage: `stopped after ${maxTurns} tool round(s) (maxTurns): the model still wanted to call ${requests
        .map((r) => r.toolRequest.name)
        .join(', ')}`,
    });
  }
  return settleRound<O>(state, scope, modelIndex);
}

/** The request of one step as `prepareStep` changed it. */
function preparedRequest(request: GenerateRequest, prepared: PreparedStep): GenerateRequest {
  const next = { ...request };
  if (prepared.activeTools && request.tools) {
    const active = new Set(prepared.activeTools);
    next.tools = request.tools.filter((t) => active.has(t.name));
  }
  if (prepared.toolChoice) next.toolChoice = prepared.toolChoice;
  if (prepared.config) next.config = { ...request.config, ...prepared.config };
  return next;
}
