export { FINISH_REASONS, fromGeminiFinishReason } from './finish-reason.js';
export { DEFAULT_GEMINI_TIMEOUT_MS, GEMINI_SUPPORTS, type GeminiModel, gemini } from './gemini.js';
export { type GeminiConfig, GeminiConfigSchema } from './gemini-config.js';
export type { GeminiOptions, GeminiVertexOptions } from './gemini-options.js';
export { type GeminiCall, type ModelChoice, toGeminiRequest } from './to-gemini-request.js';
export { retryAfterMsOf, ruleForStatus, STATUS_RULES, type StatusRule } from './to-kit-error.js';
export { sanitizeToolName } from './tool-names.js';
