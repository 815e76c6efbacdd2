import type { GoogleGenAI } from '@google/genai';
import { throwIfAborted } from '../../errors/index.js';
import {
  defineModel,
  type GenerateRequest,
  type Model,
  type ModelCallOptions,
  type ModelRunnerResponse,
  type ModelSupports,
} from '../../model/index.js';
import { callDeadline } from './call-deadline.js';
import { lazyGeminiClient } from './gemini-client.js';
import { GeminiConfigSchema } from './gemini-config.js';
import type { GeminiOptions } from './gemini-options.js';
import { GeminiResponseReader } from './gemini-response-reader.js';
import { type ModelChoice, toGeminiRequest } from './to-gemini-request.js';
import { toKitError } from './to-kit-error.js';

/** A model on Gemini, with the config it takes. */
export type GeminiModel = Model<typeof GeminiConfigSchema>;

/** How long a call may take, streaming included, unless `timeoutMs` says otherwise. */
export const DEFAULT_GEMINI_TIMEOUT_MS = 300_000;

/**
 * What Gemini does itself. `constrained: 'no-tools'`: it enforces a JSON schema, but (before
 * Gemini 3) not in a request that also declares functions, so the kit prompts for the schema then.
 * `context: false`: documents reach it through the kit's context middleware.
 */
export const GEMINI_SUPPORTS: ModelSupports = {
  multiturn: true,
  media: true,
  data: false,
  tools: true,
  systemRole: true,
  toolChoice: true,
  output: ['text', 'json'],
  contentType: ['text/plain', 'application/json'],
  context: false,
  constrained: 'no-tools',
  longRunning: false,
};

interface GeminiRun {
  client: () => Promise<GoogleGenAI>;
  choice: ModelChoice;
  timeoutMs: number;
}

/** The caller's onChunk, noting when it throws: the caller's own error is not Gemini's to translate. */
function guardChunks(onChunk: ModelCallOptions['onChunk']): {
  onChunk: ModelCallOptions['onChunk'];
  threw: () => boolean;
} {
  if (!onChunk) return { onChunk, threw: () => false };
  let threw = false;
  return {
    onChunk: (chunk) => {
      try {
        onChunk(chunk);
      } catch (error) {
        threw = true;
        throw error;
      }
    },
    threw: () => threw,
  };
}

async function runGemini(
  run: GeminiRun,
  request: GenerateRequest,
  options: ModelCallOptions,
): Promise<ModelRunnerResponse> {
  throwIfAborted(options.signal, `Gemini call to '${run.choice.model}'`);
  const { params, names } = toGeminiRequest(request, run.choice);
  const deadline = callDeadline(options.signal, run.timeoutMs);
  params.config.abortSignal = deadline.signal;
  const consumer = guardChunks(options.onChunk);
  const reader = new GeminiResponseReader(names, consumer.onChunk);
  try {
    const ai = await run.client();
    if (!consumer.onChunk) {
      reader.add(await ai.models.generateContent(params));
      return reader.result(false);
    }
    for await (const chunk of await ai.models.generateContentStream(params)) reader.add(chunk);
    return reader.result(true);
  } catch (error) {
    const timedOut = deadline.timedOut();
    // Whatever failed, the HTTP exchange ends here rather than holding a socket open.
    deadline.cancel();
    if (consumer.threw()) throw error;
    throw toKitError(error, { model: params.model, caller: options.signal, timedOut, timeoutMs: run.timeoutMs });
  } finally {
    deadline.dispose();
  }
}

/**
 * A Gemini model on the official `@google/genai` SDK, following the model spec: system
 * instruction, config passthrough, tools as function declarations, streaming, finish reasons,
 * usage and thought signatures. The key comes from `apiKey` or `GEMINI_API_KEY`; `vertex`
 * calls Vertex AI with ADC; `GOOGLE_GEMINI_BASE_URL` points it elsewhere (a fake, in tests).
 */
export function gemini(options: GeminiOptions): GeminiModel {
  const provider = options.vertex ? 'vertexai' : 'googleai';
  const run: GeminiRun = {
    client: lazyGeminiClient(options),
    choice: { model: options.model, versions: options.versions },
    timeoutMs: options.timeoutMs ?? DEFAULT_GEMINI_TIMEOUT_MS,
  };
  return defineModel(
    {
      name: `${provider}/${options.model}`,
      label: options.label ?? `${options.vertex ? 'Vertex AI' : 'Google AI'} - ${options.model}`,
      ...(options.versions ? { versions: options.versions } : {}),
      supports: { ...GEMINI_SUPPORTS, ...options.supports },
      stage: options.stage ?? 'stable',
      configSchema: GeminiConfigSchema,
    },
    (request, callOptions) => runGemini(run, request, callOptions),
  );
}
