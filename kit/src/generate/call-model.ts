import {
  composeMiddleware,
  type GenerateRequest,
  type GenerateResponse,
  type GenerateResponseChunk,
  type Model,
  type ModelCallOptions,
  type ModelMiddleware,
  type Part,
  type StepObserver,
  toolRequestsOf,
} from '../model/index.js';
import { assignRefs } from './assign-refs.js';
import type { UntimedMessages } from './untimed-messages.js';

/** The model behind its middleware. */
export type ModelCall = (request: GenerateRequest, options: ModelCallOptions) => Promise<GenerateResponse>;

/** How one model call of the loop is made. */
export interface ModelCallScope {
  model: Model;
  use: readonly ModelMiddleware[];
  signal: AbortSignal | undefined;
  onChunk: ((chunk: GenerateResponseChunk) => void) | undefined;
  observer?: StepObserver | undefined;
  /**
   * `model` behind `use`, composed at the scope's first call and kept on it (a scope lives for a
   * generation, or a round with a prepared model): not in a weak map, whose entry per generation
   * would be work for every scavenge.
   */
  composed?: ModelCall | undefined;
  /** The generation's messages as the model is given them, without the session's times (a scope's rounds share it). */
  untimed?: UntimedMessages | undefined;
}

function callThrough(
  scope: ModelCallScope,
  request: GenerateRequest,
  options: ModelCallOptions,
): Promise<GenerateResponse> {
  if (!scope.use.length) return scope.model.generate(request, options);
  if (!scope.composed) {
    const model = scope.model;
    scope.composed = composeMiddleware(scope.use, (req, opts) => model.generate(req, opts));
  }
  return scope.composed(request, options);
}

/** The model call through `run`, told to `observer` as it starts and finishes. */
async function observed(
  observer: StepObserver,
  model: string,
  run: () => Promise<GenerateResponse>,
): Promise<GenerateResponse> {
  observer({ type: 'model-started', model });
  const started = performance.now();
  try {
    const response = await run();
    observer({
      type: 'model-finished',
      model: response.model ?? model,
      durationMs: performance.now() - started,
      outcome: 'ok',
      finishReason: response.finishReason,
      usage: response.usage,
      toolRequests: response.message ? toolRequestsOf(response.message).length : 0,
    });
    return response;
  } catch (error) {
    observer({ type: 'model-finished', model, durationMs: performance.now() - started, outcome: 'error', error });
    throw error;
  }
}

/** True for a streamed part the client can't use yet: a tool request with no ref to answer by. */
const lacksRef = (part: Part): boolean => 'toolRequest' in part && part.toolRequest.ref === undefined;

/**
 * Calls the model through the caller's middleware and gives every tool request a ref.
 * Chunks are tagged with the message index. Tool requests the model streamed without a ref
 * are held back and sent once their refs are known; a model that didn't stream at all still
 * yields one chunk with its whole message, so a streaming client always sees the answer.
 */
export async function callModel(
  request: GenerateRequest,
  index: number,
  scope: ModelCallScope,
): Promise<GenerateResponse> {
  const options: ModelCallOptions = {};
  if (scope.signal) options.signal = scope.signal;
  let streamed = false;
  let heldBack = false;
  // Refs of the tool requests the client has seen: a middleware may assign refs to the final
  // message (the session's checkpoint does), so "held back" is judged by what was sent.
  let sentRefs: Set<string> | undefined;
  const onChunk = scope.onChunk;
  if (onChunk) {
    sentRefs = new Set<string>();
    options.onChunk = (chunk) => {
      streamed = true;
      let content = chunk.content;
      if (content.some(lacksRef)) {
        heldBack = true;
        content = content.filter((part) => !lacksRef(part));
        if (!content.length) return;
      }
      for (const part of content)
        if ('toolRequest' in part && part.toolRequest.ref) sentRefs?.add(part.toolRequest.ref);
      onChunk({ ...chunk, content, index, role: 'model' });
    };
  }
  // The model (and its middleware) never sees when the session stored a message.
  const sent = scope.untimed ? scope.untimed.request(request) : request;
  const response = await (scope.observer
    ? observed(scope.observer, scope.model.name, () => callThrough(scope, sent, options))
    : callThrough(scope, sent, options));
  if (!response.message) return response;
  const message = assignRefs(response.message);
  if (onChunk && !streamed && message.content.length) {
    onChunk({ index, role: 'model', content: message.content });
  } else if (onChunk && heldBack) {
    const late = message.content.filter(
      (part) => 'toolRequest' in part && !part.toolRequest.partial && !sentRefs?.has(part.toolRequest.ref ?? ''),
    );
    if (late.length) onChunk({ index, role: 'model', content: late });
  }
  return message === response.message ? response : { ...response, message };
}
