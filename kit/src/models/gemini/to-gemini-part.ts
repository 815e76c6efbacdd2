import type { FunctionResponse, FunctionResponsePart, Part as GeminiPart } from '@google/genai';
import { KitError } from '../../errors/index.js';
import type { Part, ToolRequestPart, ToolResponsePart } from '../../model/index.js';
import { toGeminiMedia } from './media-data.js';
import type { ToolNames } from './tool-names.js';

/** What converting the parts of a conversation needs to remember between messages. */
export interface PartContext {
  names: ToolNames;
  /** Refs sent as function call ids: only their responses carry the id back. */
  /** The ids Gemini was shown, by the kit's ref of their call (the model's own id where the kit's differs). */
  echoedIds: Map<string, string>;
}

/** Part metadata keys Gemini reads back on media parts. */
const MEDIA_METADATA = ['videoMetadata', 'mediaResolution', 'mediaProcessing'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withSignature(part: GeminiPart, metadata: Record<string, unknown> | undefined): GeminiPart {
  const signature = metadata?.thoughtSignature;
  if (typeof signature === 'string') part.thoughtSignature = signature;
  return part;
}

function functionCall(part: ToolRequestPart, context: PartContext): GeminiPart | undefined {
  const { name, ref, input, partial } = part.toolRequest;
  // A partial request is a streaming preview; its complete form is in the same message.
  if (partial) return undefined;
  if (input !== undefined && !isRecord(input)) {
    throw new KitError('invalid-argument', `Gemini needs tool '${name}' input as an object`, { details: { ref } });
  }
  const call: NonNullable<GeminiPart['functionCall']> = { name: context.names.toGemini(name), args: input ?? {} };
  // A ref the adapter made up (Gemini gave no id) is ours alone: Gemini never saw it as an id.
  if (ref !== undefined && part.metadata?.syntheticRef !== true) {
    const modelRef = part.metadata?.modelRef;
    call.id = typeof modelRef === 'string' ? modelRef : ref;
    context.echoedIds.set(ref, call.id);
  }
  return withSignature({ functionCall: call }, part.metadata);
}

function functionResponse(part: ToolResponsePart, context: PartContext): GeminiPart {
  const { name, ref, output, content } = part.toolResponse;
  // Gemini wants an object: one is sent as it is (an `{ error }` reads as a failed call);
  // anything else goes under `output`, the key Gemini documents for a function's result.
  const response: Record<string, unknown> = isRecord(output) ? { ...output } : output === undefined ? {} : { output };
  const parts: FunctionResponsePart[] = [];
  let text = '';
  for (const item of content ?? []) {
    if ('media' in item) parts.push(toGeminiMedia(item.media));
    else if ('text' in item) text += item.text;
    else throw new KitError('invalid-argument', `Gemini can't take a tool's ${Object.keys(item)[0]} content`);
  }
  if (text && !('content' in response)) response.content = text;
  const result: FunctionResponse = { name: context.names.toGemini(name), response };
  const id = ref === undefined ? undefined : context.echoedIds.get(ref);
  if (id !== undefined) result.id = id;
  if (parts.length) result.parts = parts;
  return { functionResponse: result };
}

/** One kit part as a Gemini part; undefined for a part that is not sent (a partial tool request). */
export function toGeminiPart(part: Part, context: PartContext): GeminiPart | undefined {
  // An empty text carries nothing unless it carries a signature; Gemini refuses empty parts.
  if ('text' in part)
    return part.text || part.metadata?.thoughtSignature ? withSignature({ text: part.text }, part.metadata) : undefined;
  if ('toolRequest' in part) return functionCall(part, context);
  if ('toolResponse' in part) return functionResponse(part, context);
  if ('reasoning' in part) return withSignature({ text: part.reasoning, thought: true }, part.metadata);
  if ('media' in part) {
    const media: GeminiPart = toGeminiMedia(part.media);
    for (const key of MEDIA_METADATA) {
      if (part.metadata?.[key] !== undefined) (media as Record<string, unknown>)[key] = part.metadata[key];
    }
    return media;
  }
  // Custom parts hold Gemini's own fields (executableCode, codeExecutionResult, server-side
  // toolCall/toolResponse): they go back exactly as they came.
  if ('custom' in part) return withSignature({ ...part.custom } as GeminiPart, part.metadata);
  if ('resource' in part) return { fileData: { fileUri: part.resource.uri } };
  throw new KitError('invalid-argument', 'Gemini has no equivalent of a data part; send it as text or JSON');
}
