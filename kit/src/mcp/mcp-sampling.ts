import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  SamplingMessage,
  SamplingMessageContentBlock,
} from '@modelcontextprotocol/client';
import { KitError } from '../errors/index.js';
import type { FinishReason, GenerateRequest, Message, Part } from '../model/index.js';
import type { McpSamplingOptions } from './mcp-options.js';

/** A server's request to sample, answered by the kit through the source's model. */
export type McpSampler = (
  params: CreateMessageRequestParams,
  signal: AbortSignal,
  where: string,
) => Promise<CreateMessageResult>;

/** The most tokens one sampling may ask of the model, unless the app says otherwise. */
export const DEFAULT_SAMPLING_MAX_TOKENS = 1024;

/** One block of a server's message as a kit part: text and media (tool use is not offered, so never asked for). */
function partOf(block: SamplingMessageContentBlock, where: string): Part {
  if (block.type === 'text') return { text: block.text };
  if (block.type === 'image' || block.type === 'audio') {
    return { media: { url: `data:${block.mimeType};base64,${block.data}`, contentType: block.mimeType } };
  }
  throw new KitError(
    'invalid-argument',
    `${where} asked to sample with '${block.type}' content, which the kit does not offer`,
  );
}

function messageOf(message: SamplingMessage, where: string): Message {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  return { role: message.role === 'assistant' ? 'model' : 'user', content: blocks.map((b) => partOf(b, where)) };
}

/** The model's request: the server's messages and system prompt, its limits under the app's. */
export function samplingRequest(
  options: McpSamplingOptions,
  params: CreateMessageRequestParams,
  where: string,
): GenerateRequest {
  if ('tools' in params && params.tools !== undefined) {
    throw new KitError('invalid-argument', `${where} asked to sample with tools, which the kit does not offer`);
  }
  const messages = params.messages.map((m) => messageOf(m, where));
  if (params.systemPrompt) messages.unshift({ role: 'system', content: [{ text: params.systemPrompt }] });
  const cap = options.maxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS;
  const config: Record<string, unknown> = { maxOutputTokens: Math.max(1, Math.min(params.maxTokens, cap)) };
  if (params.temperature !== undefined) config.temperature = params.temperature;
  if (params.stopSequences?.length) config.stopSequences = params.stopSequences.slice(0, 5);
  return { messages, config };
}

function stopReasonOf(reason: FinishReason): string {
  if (reason === 'stop') return 'endTurn';
  if (reason === 'length') return 'maxTokens';
  return reason;
}

/**
 * The model's answer as the spec's `CreateMessageResult`: its text (the spec's one content
 * block; media the model made is dropped), the model that answered and why it stopped.
 */
export function samplingResult(
  model: string,
  response: { message?: Message; finishReason: FinishReason; model?: string },
): CreateMessageResult {
  const text = (response.message?.content ?? []).map((part) => ('text' in part ? part.text : '')).join('');
  return {
    role: 'assistant',
    content: { type: 'text', text },
    model: response.model ?? model,
    stopReason: stopReasonOf(response.finishReason),
  };
}

/** The sampler of a source whose `sampling` option is set. */
export function samplerOf(options: McpSamplingOptions): McpSampler {
  return async (params, signal, where) => {
    const request = samplingRequest(options, params, where);
    const response = await options.model.generate(request, { signal });
    if (['blocked', 'interrupted', 'aborted'].includes(response.finishReason)) {
      throw new KitError('aborted', `the model did not answer ${where}'s sampling request (${response.finishReason})`);
    }
    return samplingResult(options.model.name, response);
  };
}
