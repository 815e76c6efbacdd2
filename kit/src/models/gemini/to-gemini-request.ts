import type { GenerateContentConfig, GenerateContentParameters } from '@google/genai';
import { KitError } from '../../errors/index.js';
import type { GenerateRequest } from '../../model/index.js';
import type { GeminiConfig } from './gemini-config.js';
import { toGeminiContents } from './to-gemini-contents.js';
import { mergeGeminiTools, toGeminiFunctions, toGeminiToolConfig } from './to-gemini-tools.js';
import type { ToolNames } from './tool-names.js';

/** The SDK call for a request, and the name map its answer is read back with. */
export interface GeminiCall {
  params: GenerateContentParameters & { config: GenerateContentConfig };
  names: ToolNames;
}

/** Which model ids a request may pick with `config.version`. */
export interface ModelChoice {
  model: string;
  versions?: readonly string[] | undefined;
}

function modelId(version: string | undefined, choice: ModelChoice): string {
  if (version === undefined) return choice.model;
  if (choice.versions && !choice.versions.includes(version)) {
    // The version comes from the flow's config, not the caller: the operator's to fix.
    throw new KitError('internal', `model version '${version}' is not one of ${choice.versions.join(', ')}`, {
      details: { version },
      reason: 'SERVER_MISCONFIGURED',
    });
  }
  return version;
}

function outputConfig(request: GenerateRequest, config: GenerateContentConfig): void {
  const output = request.output;
  // With tools, Gemini (before 3) refuses a JSON mime type; the kit's middleware then puts the
  // schema in the prompt (`constrained: 'no-tools'`) and clears `constrained`.
  if (output?.schema && output.constrained) {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = output.schema;
  } else if (output?.format === 'json' && !request.tools?.length) {
    config.responseMimeType = 'application/json';
  }
}

/**
 * Maps a request to the SDK's `generateContent` parameters. The common config keys and
 * thinking settings are mapped; every other key passes to the SDK config untouched.
 */
export function toGeminiRequest(request: GenerateRequest, choice: ModelChoice): GeminiCall {
  // defineModel has parsed the config with GeminiConfigSchema before the runner sees it.
  const {
    version,
    temperature,
    topK,
    topP,
    maxOutputTokens,
    stopSequences,
    thinkingConfig,
    tools: configTools,
    toolConfig: givenToolConfig,
    googleSearch,
    codeExecution,
    urlContext,
    // The adapter owns the transport: a request can't redirect it or swap its signal.
    httpOptions: _httpOptions,
    abortSignal: _abortSignal,
    ...passthrough
  } = (request.config ?? {}) as GeminiConfig;
  const { names, declarations } = toGeminiFunctions(request.tools);
  const { contents, systemInstruction } = toGeminiContents(request.messages, names);

  // The rest of a destructuring is a fresh object: it becomes the SDK config as it is.
  const config = passthrough as GenerateContentConfig;
  if (temperature !== undefined) config.temperature = temperature;
  if (topK !== undefined) config.topK = topK;
  if (topP !== undefined) config.topP = topP;
  if (maxOutputTokens !== undefined) config.maxOutputTokens = maxOutputTokens;
  if (stopSequences !== undefined) config.stopSequences = stopSequences;
  if (thinkingConfig !== undefined) config.thinkingConfig = thinkingConfig as GenerateContentConfig['thinkingConfig'];
  if (systemInstruction) config.systemInstruction = systemInstruction;
  const tools = mergeGeminiTools(declarations, { tools: configTools, googleSearch, codeExecution, urlContext });
  if (tools) config.tools = tools;
  const toolConfig = toGeminiToolConfig(request.toolChoice, givenToolConfig);
  if (toolConfig) config.toolConfig = toolConfig;
  outputConfig(request, config);
  // The kit runs tools itself; the SDK's own function-calling loop stays off.
  config.automaticFunctionCalling = { disable: true };

  return { params: { model: modelId(version, choice), contents, config }, names };
}
