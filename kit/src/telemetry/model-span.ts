import { type Attributes, type Span, SpanKind } from '@opentelemetry/api';
import { GEN_AI, KIT_ATTR } from './gen-ai-attributes.js';
import { runInSpan, startKitSpan } from './in-span.js';

/** What a model span says of the request (a subset of the model contract, so this layer stays below it). */
export interface ModelSpanRequest {
  config?: Record<string, unknown> | undefined;
}

/** What a model span says of the response. */
export interface ModelSpanResponse {
  finishReason: string;
  model?: string | undefined;
  usage?:
    | { inputTokens?: number | undefined; outputTokens?: number | undefined; costUsd?: number | undefined }
    | undefined;
}

/** The GenAI provider name of a kit model name's prefix (`googleai/…`, `vertexai/…`). */
function providerOf(model: string): string | undefined {
  const slash = model.indexOf('/');
  if (slash < 0) return undefined;
  const prefix = model.slice(0, slash);
  return prefix === 'googleai' ? 'gcp.gemini' : prefix === 'vertexai' ? 'gcp.vertex_ai' : prefix;
}

function requestAttributes(model: string, request: ModelSpanRequest): Attributes {
  const attributes: Attributes = { [GEN_AI.operationName]: 'chat', [GEN_AI.requestModel]: model };
  const provider = providerOf(model);
  if (provider) attributes[GEN_AI.providerName] = provider;
  const { temperature, maxOutputTokens } = request.config ?? {};
  if (typeof temperature === 'number') attributes[GEN_AI.requestTemperature] = temperature;
  if (typeof maxOutputTokens === 'number') attributes[GEN_AI.requestMaxTokens] = maxOutputTokens;
  return attributes;
}

function setResponse<R extends ModelSpanResponse>(span: Span, response: R): R {
  span.setAttribute(GEN_AI.responseFinishReasons, [response.finishReason]);
  if (response.model) span.setAttribute(GEN_AI.responseModel, response.model);
  const usage = response.usage;
  if (usage?.inputTokens !== undefined) span.setAttribute(GEN_AI.inputTokens, usage.inputTokens);
  if (usage?.outputTokens !== undefined) span.setAttribute(GEN_AI.outputTokens, usage.outputTokens);
  if (usage?.costUsd !== undefined) span.setAttribute(KIT_ATTR.costUsd, usage.costUsd);
  return response;
}

const CLIENT_SPAN = { kind: SpanKind.CLIENT };

/**
 * Runs one model call in a `chat {model}` client span with the GenAI request, response and
 * usage attributes. Untraced (no SDK), the call's own promise is returned and nothing is built
 * for the span: no attributes, no closure, no extra async step per model call.
 */
export function traceModelCall<R extends ModelSpanResponse>(
  model: string,
  request: ModelSpanRequest,
  call: () => Promise<R>,
): Promise<R> {
  const span = startKitSpan(`chat ${model}`, CLIENT_SPAN);
  if (!span) return call();
  return runInSpan(span, { attributes: () => requestAttributes(model, request) }, () =>
    span.isRecording() ? call().then((response) => setResponse(span, response)) : call(),
  );
}
