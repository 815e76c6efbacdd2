import type { z } from 'zod';
import { throwIfAborted } from '../errors/index.js';
import {
  type FinishReason,
  type GenerateResponseChunk,
  type Message,
  type ToolRequestPart,
  type ToolResponsePart,
  textOf,
  toolRequestsOf,
  type Usage,
} from '../model/index.js';
import { addUsage } from './add-usage.js';
import { baseRequest, initialMessages } from './build-request.js';
import { callModel, type ModelCallScope } from './call-model.js';
import type { ToolCallScope } from './execute-tool-call.js';
import type { GenerateOptions, GenerateResult } from './generate-options.js';
import { extractJson, parseOutput } from './parse-output.js';
import { resolveResumeOption } from './resolve-resume-option.js';
import { resolveToolRequests } from './resolve-tool-requests.js';
import { toToolMap } from './to-tool-map.js';
import { markChecked } from './validate-messages.js';

/** Default number of tool rounds in one generation. */
export const DEFAULT_MAX_TURNS = 5;

interface LoopState {
  messages: Message[];
  usage: Usage;
  turns: number;
  /** Index of the next message this generation adds (chunks carry it). */
  index: number;
  started: number;
}

interface Ending {
  finishReason: FinishReason;
  finishMessage?: string | undefined;
  interrupts?: ToolRequestPart[];
  toolRequests?: ToolRequestPart[];
}

function finish<O>(state: LoopState, options: GenerateOptions, ending: Ending): GenerateResult<O> {
  const message = state.messages.findLast((m) => m.role === 'model');
  const text = message ? textOf(message.content) : '';
  let output: unknown;
  if (ending.finishReason === 'stop' && !ending.toolRequests?.length) {
    if (options.output?.schema) output = parseOutput(text, options.output.schema);
    else if (options.output?.format === 'json') output = extractJson(text);
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
    turns: state.turns,
    latencyMs: performance.now() - state.started,
  };
  if (ending.finishMessage !== undefined) result.finishMessage = ending.finishMessage;
  return result;
}

function toolResponseEmitter(
  onChunk: ((chunk: GenerateResponseChunk) => void) | undefined,
  index: number,
): ((response: ToolResponsePart) => void) | undefined {
  return onChunk && ((response) => onChunk({ index, role: 'tool', content: [response] }));
}

/** Replaces the last message (the model message a round or a resume revised). */
function replaceLast(state: LoopState, message: Message): void {
  state.messages[state.messages.length - 1] = markChecked(message);
}

/**
 * Runs the generate loop: model → tools in parallel → model …, until the model answers, a
 * tool interrupts, or `maxTurns` tool rounds are spent. With `resume`, the interrupted turn
 * that ends `messages` is finished first, before the model is called.
 */
export async function generate<O extends z.ZodType = z.ZodType>(
  options: GenerateOptions<O>,
): Promise<GenerateResult<z.infer<O>>> {
  const state: LoopState = { messages: [], usage: {}, turns: 0, index: 0, started: performance.now() };
  const tools = toToolMap(options.tools);
  state.messages = initialMessages(options);
  const request = baseRequest(options, tools);
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const onChunk = options.onChunk;
  const toolScope: ToolCallScope = {
    tools,
    context: options.context ?? {},
    signal: options.signal,
    middleware: options.toolMiddleware ?? [],
  };
  const modelScope: ModelCallScope = { model: options.model, use: options.use ?? [], signal: options.signal, onChunk };

  if (options.resume) {
    const resumed = await resolveResumeOption(
      state.messages,
      options.resume,
      toolScope,
      toolResponseEmitter(onChunk, 0),
    );
    replaceLast(state, resumed.message);
    if (resumed.interrupts) {
      onChunk?.({ index: 0, role: 'model', content: resumed.interrupts });
      return finish(state, options, { finishReason: 'interrupted', interrupts: resumed.interrupts });
    }
    state.messages.push(markChecked(resumed.toolMessage));
    state.index++;
  }

  for (let rounds = 0; ; rounds++) {
    const modelIndex = state.index++;
    // A copy: the loop appends to its own list, and a model (or middleware) may keep the request.
    const response = await callModel({ ...request, messages: state.messages.slice() }, modelIndex, modelScope);
    state.turns++;
    addUsage(state.usage, response.usage);
    // A model that finished anyway must not start tools for a caller who has gone.
    throwIfAborted(options.signal, 'generate');
    if (!response.message) {
      return finish(state, options, { finishReason: response.finishReason, finishMessage: response.finishMessage });
    }
    const message = markChecked(response.message);
    state.messages.push(message);
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
    const round = await resolveToolRequests(message, toolScope, toolResponseEmitter(onChunk, state.index));
    if (round.interruptedMessage) {
      replaceLast(state, round.interruptedMessage);
      onChunk?.({ index: modelIndex, role: 'model', content: round.interrupts });
      return finish(state, options, { finishReason: 'interrupted', interrupts: round.interrupts });
    }
    state.messages.push(markChecked(round.toolMessage));
    state.index++;
  }
}
