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
export declare function geminiResponse(parts: GeminiJson[], options?: GeminiResponseOptions): GeminiJson;
/** A generateContent body that answers `text`. */
export declare function geminiText(text: string, options?: GeminiResponseOptions): GeminiJson;
/**
 * Stream events that spell `text` word by word, the last one carrying the finish reason
 * (STOP unless told; `finishReason: undefined` for a stream that never says why it ended).
 */
export declare function geminiTextChunks(text: string, options?: GeminiResponseOptions): GeminiJson[];
