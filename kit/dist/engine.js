export { ERROR_REASONS, isKitError, KitError } from './errors/index.js';
export { DEFAULT_MAX_TURNS, generate, hasToolCall, OutputParseError, roundCountIs, stepCountIs, } from './generate/index.js';
export { defineModel, fallback, meter, retry, route, } from './model/index.js';
export { GeminiConfigSchema, gemini, } from './models/gemini/index.js';
export { scriptedModel } from './models/scripted/index.js';
export { defineInterrupt, defineTool, isToolInterruptError, ToolInterruptError, } from './tools/index.js';
//# sourceMappingURL=engine.js.map