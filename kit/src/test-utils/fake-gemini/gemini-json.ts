import type { GeminiJson } from './fake-gemini-step.js';

/** Options of {@link geminiResponse}. */
export interface GeminiResponseOptions {
  finishReason?: string | undefined;
  usage?: GeminiJson;
  responseId?: string;
  /** Extra candidate fields (groundingMetadata, citationMetadata, finishMessage, …). */
  candidate?: GeminiJson;
}

/** A generateContent body with one candidate made of `parts` (finishReason STOP unless told). */
export function geminiResponse(parts: GeminiJson[], options: GeminiResponseOptions = {}): GeminiJson {
  const candidate: GeminiJson = { content: { role: 'model', parts }, index: 0, ...options.candidate };
  const finishReason = 'finishReason' in options ? options.finishReason : 'STOP';
  if (finishReason !== undefined) candidate.finishReason = finishReason;
  const body: GeminiJson = { candidates: [candidate], modelVersion: 'fake-gemini' };
  body.responseId = options.responseId ?? 'resp-1';
  if (options.usage) body.usageMetadata = options.usage;
  return body;
}

/** A generateContent body that answers `text`. */
export function geminiText(text: string, options: GeminiResponseOptions = {}): GeminiJson {
  return geminiResponse([{ text }], options);
}

/**
 * Stream events that spell `text` word by word, the last one carrying the finish reason
 * (STOP unless told; `finishReason: undefined` for a stream that never says why it ended).
 */
export function geminiTextChunks(text: string, options: GeminiResponseOptions = {}): GeminiJson[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [text];
  const last = 'finishReason' in options ? options.finishReason : 'STOP';
  return words.map((word, i) =>
    geminiResponse([{ text: word }], { ...options, finishReason: i === words.length - 1 ? last : undefined }),
  );
}
