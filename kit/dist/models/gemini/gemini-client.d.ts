import type { GoogleGenAI, GoogleGenAIOptions } from '@google/genai';
import type { GeminiOptions } from './gemini-options.js';
/** What the SDK client is built from; exported so the options mapping can be tested alone. */
export declare function clientOptions(options: GeminiOptions): GoogleGenAIOptions;
/**
 * The SDK client, built on the first call. `@google/genai` is imported then, not when the kit
 * is: a cold start that never calls Gemini doesn't pay for loading it.
 */
export declare function lazyGeminiClient(options: GeminiOptions): () => Promise<GoogleGenAI>;
