import { KitError, throwIfAborted } from '../../errors/index.js';
import {
  defineModel,
  type GenerateRequest,
  type Model,
  type ModelCallOptions,
  type ModelRunnerResponse,
  type ModelSupports,
  type Part,
  sleep,
} from '../../model/index.js';

/**
 * One scripted answer: text, a whole response, or a function of the request (and of the call's
 * options: its signal fires when the caller gives up, as a real model's HTTP call is aborted).
 */
export type ScriptStep =
  | string
  | ModelRunnerResponse
  | ((
      request: GenerateRequest,
      call: ModelCallOptions,
    ) => ModelRunnerResponse | string | Promise<ModelRunnerResponse | string>);

/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
  name?: string;
  supports?: ModelSupports;
  /** Stream text word by word when the caller streams. Default true. */
  stream?: boolean;
  /** Wait this long before answering (honours abort), to stand in for a real model's latency. */
  delayMs?: number;
  /**
   * Keep every request in `requests` (for tests). Default true; a deployed model (the flows'
   * offline stand-in) passes false, so that it keeps nothing per request however long it runs.
   */
  record?: boolean;
}

/** A scripted model, with the requests it received (for tests; empty when `record` is false). */
export interface ScriptedModel extends Model {
  readonly requests: GenerateRequest[];
}

const SUPPORTS: ModelSupports = {
  multiturn: true,
  tools: true,
  media: true,
  systemRole: true,
  toolChoice: true,
  constrained: 'none',
  output: ['text', 'json'],
};

function toResponse(step: ModelRunnerResponse | string): ModelRunnerResponse {
  if (typeof step !== 'string') return step;
  return { message: { role: 'model', content: [{ text: step }] }, finishReason: 'stop' };
}

function streamParts(content: readonly Part[], onChunk: NonNullable<ModelCallOptions['onChunk']>): void {
  for (const part of content) {
    if ('text' in part && part.metadata === undefined) {
      for (const word of part.text.match(/\S+\s*|\s+/g) ?? []) onChunk({ content: [{ text: word }] });
    } else {
      onChunk({ content: [part] });
    }
  }
}

/**
 * The deterministic offline model: with a list it answers from the queue in order; with a
 * function (a reply of the request, e.g. the bench protocol's) it answers what the function says.
 */
export function scriptedModel(script: ScriptStep | ScriptStep[], options: ScriptedModelOptions = {}): ScriptedModel {
  const queue = Array.isArray(script) ? [...script] : undefined;
  const single = Array.isArray(script) ? undefined : script;
  const requests: GenerateRequest[] = [];
  const record = options.record !== false;
  let calls = 0;
  const model = defineModel(
    {
      name: options.name ?? 'scripted',
      label: 'Scripted offline model',
      supports: options.supports ?? SUPPORTS,
      stage: 'stable',
    },
    async (request, call) => {
      calls++;
      // A snapshot: the loop's list grows after the call.
      if (record) requests.push({ ...request, messages: request.messages.slice() });
      throwIfAborted(call.signal, 'model call');
      if (options.delayMs) await sleep(options.delayMs, call.signal);
      let step = single;
      if (queue) {
        step = queue.shift();
        if (step === undefined) {
          // The script is the server's setup: running out of it is never the caller's fault.
          throw new KitError(
            'internal',
            `scripted model '${options.name ?? 'scripted'}' has no answer left for call ${calls}`,
            { reason: 'SERVER_MISCONFIGURED' },
          );
        }
      }
      const answer = step as ScriptStep;
      const response = toResponse(typeof answer === 'function' ? await answer(request, call) : answer);
      if (call.onChunk && options.stream !== false && response.message)
        streamParts(response.message.content, call.onChunk);
      return response;
    },
  );
  return Object.defineProperty(model, 'requests', { value: requests, enumerable: true }) as ScriptedModel;
}
