export { FINISH_REASONS, fromGeminiFinishReason } from './finish-reason.js';
export { gemini } from './gemini.js';
export { GeminiConfigSchema } from './gemini-config.js';
export { toGeminiRequest } from './to-gemini-request.js';
export { retryAfterMsOf, ruleForStatus } from './to-kit-error.js';
export { sanitizeToolName } from './tool-names.js';
//# sourceMappingURL=index.js.map