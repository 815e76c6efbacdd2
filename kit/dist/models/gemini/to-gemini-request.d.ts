import type { GenerateContentConfig, GenerateContentParameters } from '@google/genai';
import type { GenerateRequest } from '../../model/index.js';
import type { ToolNames } from './tool-names.js';
/** The SDK call for a request, and the name map its answer is read back with. */
export interface GeminiCall {
    params: GenerateContentParameters & {
        config: GenerateContentConfig;
    };
    names: ToolNames;
}
/** Which model ids a request may pick with `config.version`. */
export interface ModelChoice {
    model: string;
    versions?: readonly string[] | undefined;
}
/**
 * Maps a request to the SDK's `generateContent` parameters. The common config keys and
 * thinking settings are mapped; every other key passes to the SDK config untouched.
 */
export declare function toGeminiRequest(request: GenerateRequest, choice: ModelChoice): GeminiCall;
