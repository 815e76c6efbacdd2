export { FINISH_REASONS, fromGeminiFinishReason } from './finish-reason.js';
export { type GeminiModel, gemini } from './gemini.js';
export { type GeminiConfig, GeminiConfigSchema } from './gemini-config.js';
export type { GeminiOptions, GeminiVertexOptions } from './gemini-options.js';
export { type ModelChoice, toGeminiRequest } from './to-gemini-request.js';
export { retryAfterMsOf, ruleForStatus } from './to-kit-error.js';
export { sanitizeToolName } from './tool-names.js';
