export { FINISH_REASONS } from './finish-reason.js';
export { type GeminiModel, gemini } from './gemini.js';
export { type GeminiConfig, GeminiConfigSchema } from './gemini-config.js';
export type { GeminiOptions, GeminiVertexOptions } from './gemini-options.js';
