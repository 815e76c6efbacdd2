import { randomUUID } from 'node:crypto';
import type {
  CitationMetadata,
  FunctionCall,
  GenerateContentResponse,
  GenerateContentResponsePromptFeedback,
  GenerateContentResponseUsageMetadata,
} from '@google/genai';
import { KitError } from '../../errors/index.js';
import type { GenerateResponseChunk, Message, ModelRunnerResponse, Part } from '../../model/index.js';
import { blockMessageOf, finishMessageOf, fromGeminiFinishReason } from './finish-reason.js';
import { type CallRef, fromGeminiPart, type ReadContext } from './from-gemini-part.js';
import { fromGeminiUsage } from './gemini-usage.js';
import type { ToolNames } from './tool-names.js';

function signatureOnly(metadata: Record<string, unknown> | undefined): boolean {
  if (!metadata) return true;
  for (const key in metadata) if (key !== 'thoughtSignature') return false;
  return true;
}

// Stream deltas of one text (or one thought) become one part again. A part that already holds
// a signature is closed: the signature belongs to what came before it.
function mergeInto(last: Part | undefined, part: Part): boolean {
  if (!last || last.metadata !== undefined || !signatureOnly(part.metadata)) return false;
  if ('text' in last && 'text' in part) last.text += part.text;
  else if ('reasoning' in last && 'reasoning' in part) last.reasoning += part.reasoning;
  else return false;
  if (part.metadata) last.metadata = { ...part.metadata };
  return true;
}

/**
 * Reads one Gemini answer, whole or as stream chunks, into the kit's response: parts mapped
 * (and streamed as incremental chunks), function calls given refs, finish reason, usage,
 * grounding and citations. A stream that ends without a finish reason is an error.
 */
export class GeminiResponseReader {
  private readonly content: Part[] = [];
  private readonly context: ReadContext;
  private readonly metadata: Record<string, unknown> = {};
  private calls = 0;
  private chunks = 0;
  private responseId: string | undefined;
  private modelVersion: string | undefined;
  private usage: GenerateContentResponseUsageMetadata | undefined;
  private candidate = false;
  private finishReason: string | undefined;
  private finishMessage: string | undefined;
  private blocked: { reason: string; message: string | undefined } | undefined;
  private promptFeedback: GenerateContentResponsePromptFeedback | undefined;

  private readonly onChunk: ((chunk: GenerateResponseChunk) => void) | undefined;

  constructor(names: ToolNames, onChunk?: (chunk: GenerateResponseChunk) => void) {
    this.onChunk = onChunk;
    this.context = { names, refFor: (call) => this.refFor(call) };
  }

  private refFor(call: FunctionCall): CallRef {
    const index = this.calls++;
    if (call.id) return { ref: call.id, synthetic: false };
    // From the response id: the same response always maps to the same refs, and refs stay
    // unique across a session (a resume and the turn journal find calls by ref). Without a
    // response id only a random ref is unique.
    return { ref: this.responseId ? `${this.responseId}_${index}` : randomUUID(), synthetic: true };
  }

  private readCitations(citations: CitationMetadata): void {
    const previous = this.metadata.citationMetadata as CitationMetadata | undefined;
    this.metadata.citationMetadata = previous
      ? { ...previous, citations: [...(previous.citations ?? []), ...(citations.citations ?? [])] }
      : citations;
  }

  /** Takes one response (or one stream chunk), streaming its new parts to `onChunk`. */
  add(response: GenerateContentResponse): void {
    this.chunks++;
    this.responseId ??= response.responseId;
    this.modelVersion ??= response.modelVersion;
    if (response.usageMetadata) this.usage = response.usageMetadata;
    const feedback = response.promptFeedback;
    if (feedback) this.promptFeedback = feedback;
    if (feedback?.blockReason) this.blocked = { reason: feedback.blockReason, message: feedback.blockReasonMessage };
    const candidate = response.candidates?.[0];
    if (!candidate) return;
    this.candidate = true;
    const parts: Part[] = [];
    for (const geminiPart of candidate.content?.parts ?? []) {
      const part = fromGeminiPart(geminiPart, this.context);
      if (!part) continue;
      parts.push(part);
      if (!mergeInto(this.content.at(-1), part)) this.content.push({ ...part });
    }
    if (parts.length) this.onChunk?.({ content: parts });
    if (candidate.finishReason !== undefined) {
      this.finishReason = candidate.finishReason;
      this.finishMessage = candidate.finishMessage;
    }
    if (candidate.groundingMetadata) this.metadata.groundingMetadata = candidate.groundingMetadata;
    if (candidate.urlContextMetadata) this.metadata.urlContextMetadata = candidate.urlContextMetadata;
    if (candidate.citationMetadata) this.readCitations(candidate.citationMetadata);
    if (candidate.safetyRatings) this.metadata.safetyRatings = candidate.safetyRatings;
  }

  private message(): Message | undefined {
    if (!this.candidate) return undefined;
    const message: Message = { role: 'model', content: this.content };
    const { safetyRatings: _ratings, ...metadata } = this.metadata;
    if (Object.keys(metadata).length) message.metadata = metadata;
    return message;
  }

  /** The kit response; `streamed` says the answer came as a stream, which must have ended properly. */
  result(streamed: boolean): ModelRunnerResponse {
    const response: ModelRunnerResponse = { finishReason: 'unknown' };
    const message = this.message();
    if (message) response.message = message;
    if (this.usage) response.usage = fromGeminiUsage(this.usage);
    const custom: Record<string, unknown> = { ...this.metadata };
    if (this.responseId) custom.responseId = this.responseId;
    if (this.modelVersion) custom.modelVersion = this.modelVersion;
    if (this.promptFeedback) custom.promptFeedback = this.promptFeedback;
    if (Object.keys(custom).length) response.custom = custom;

    if (this.blocked) {
      response.finishReason = 'blocked';
      response.finishMessage = blockMessageOf(this.blocked.reason, this.blocked.message);
    } else if (this.finishReason !== undefined) {
      response.finishReason = fromGeminiFinishReason(this.finishReason);
      const finishMessage = finishMessageOf(this.finishReason, this.finishMessage);
      if (finishMessage) response.finishMessage = finishMessage;
    } else if (streamed) {
      throw new KitError(
        'unavailable',
        `the Gemini stream ended without a finish reason after ${this.chunks} chunk(s): the answer is incomplete`,
        { details: { problem: 'incomplete-stream', chunks: this.chunks }, reason: 'MODEL_UNAVAILABLE' },
      );
    } else {
      response.finishMessage = this.candidate ? 'Gemini gave no finish reason' : 'Gemini returned no candidate';
    }
    return response;
  }
}
