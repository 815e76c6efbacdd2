export { FINISH_REASONS } from './finish-reason.js';
export { gemini } from './gemini.js';
export { GeminiConfigSchema } from './gemini-config.js';
//# sourceMappingURL=index.js.map