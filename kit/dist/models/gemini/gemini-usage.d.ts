import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { Usage } from '../../model/index.js';
/** Gemini's usage metadata in the kit's units, thoughts and cached tokens included. */
export declare function fromGeminiUsage(metadata: GenerateContentResponseUsageMetadata): Usage;
