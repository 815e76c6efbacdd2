import type { FunctionCall, Part as GeminiPart } from '@google/genai';
import { KitError } from '../../errors/index.js';
import type { Part, PartMetadata } from '../../model/index.js';
import { fromGeminiBlob, fromGeminiFileData } from './media-data.js';
import type { ToolNames } from './tool-names.js';

/** The ref a function call gets, and whether the adapter made it up. */
export interface CallRef {
  ref: string;
  synthetic: boolean;
}

/** What reading a response's parts needs: the name map and the refs of its calls. */
export interface ReadContext {
  names: ToolNames;
  refFor: (call: FunctionCall) => CallRef;
}

function metadataOf(part: GeminiPart, extra?: PartMetadata): PartMetadata | undefined {
  if (part.thoughtSignature === undefined) return extra;
  return { ...extra, thoughtSignature: part.thoughtSignature };
}

function withMetadata<P extends Part>(part: P, metadata: PartMetadata | undefined): P {
  if (metadata) part.metadata = metadata;
  return part;
}

/** The Gemini fields of a part that has no kit equivalent, for a custom part. */
function customFields(part: GeminiPart): Record<string, unknown> | undefined {
  const { thoughtSignature: _signature, thought: _thought, ...rest } = part;
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * Refuses a function call no tool could answer (no name, arguments that are not an object). It
 * is Gemini's malformed answer, not the caller's fault: `unavailable`, which retry tries again.
 */
function assertWellFormedCall(call: FunctionCall): void {
  const args: unknown = call.args;
  const problem = !call.name
    ? 'has no name'
    : args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))
      ? 'has arguments that are not an object'
      : undefined;
  if (problem) {
    throw new KitError('unavailable', `Gemini returned a malformed function call: it ${problem}`, {
      details: { name: call.name ?? null },
      reason: 'MODEL_UNAVAILABLE',
    });
  }
}

/**
 * One Gemini part as a kit part: thoughts as reasoning, function calls as tool requests
 * (named back, with a ref), media as media, and anything else (executable code, its result,
 * server-side tool calls) as a custom part. The thought signature stays in the metadata.
 */
export function fromGeminiPart(part: GeminiPart, context: ReadContext): Part | undefined {
  if (part.thought) return withMetadata({ reasoning: part.text ?? '' }, metadataOf(part));
  if (part.text !== undefined) return withMetadata({ text: part.text }, metadataOf(part));
  if (part.functionCall) {
    const call = part.functionCall;
    assertWellFormedCall(call);
    const { ref, synthetic } = context.refFor(call);
    return withMetadata(
      { toolRequest: { name: context.names.fromGemini(call.name ?? ''), ref, input: call.args ?? {} } },
      metadataOf(part, synthetic ? { syntheticRef: true } : undefined),
    );
  }
  if (part.inlineData) return withMetadata({ media: fromGeminiBlob(part.inlineData) }, metadataOf(part));
  if (part.fileData?.fileUri) return withMetadata({ media: fromGeminiFileData(part.fileData) }, metadataOf(part));
  const custom = customFields(part);
  if (custom) return withMetadata({ custom }, metadataOf(part));
  // A bare signature (Gemini 3 may end a stream with one): kept on an empty text.
  if (part.thoughtSignature !== undefined) return withMetadata({ text: '' }, metadataOf(part));
  return undefined;
}
