import { type Model, type ModelSupports } from '../../model/index.js';
import { GeminiConfigSchema } from './gemini-config.js';
import type { GeminiOptions } from './gemini-options.js';
/** A model on Gemini, with the config it takes. */
export type GeminiModel = Model<typeof GeminiConfigSchema>;
/** How long a call may take, streaming included, unless `timeoutMs` says otherwise. */
export declare const DEFAULT_GEMINI_TIMEOUT_MS = 300000;
/**
 * What Gemini does itself. `constrained: 'no-tools'`: it enforces a JSON schema, but (before
 * Gemini 3) not in a request that also declares functions, so the kit prompts for the schema then.
 * `context: false`: documents reach it through the kit's context middleware.
 */
export declare const GEMINI_SUPPORTS: ModelSupports;
/**
 * A Gemini model on the official `@google/genai` SDK, following the model spec: system
 * instruction, config passthrough, tools as function declarations, streaming, finish reasons,
 * usage and thought signatures. The key comes from `apiKey` or `GEMINI_API_KEY`; `vertex`
 * calls Vertex AI with ADC; `GOOGLE_GEMINI_BASE_URL` points it elsewhere (a fake, in tests).
 */
export declare function gemini(options: GeminiOptions): GeminiModel;
