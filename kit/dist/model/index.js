export { composeMiddleware } from './compose-middleware.js';
export { defineModel } from './define-model.js';
export { GenerationCommonConfigSchema } from './generation-config.js';
export { MessageSchema } from './message.js';
export { textOf, toolRequestsOf, toolResponsesOf } from './message-content.js';
export { fallback } from './middleware/fallback.js';
export { meter } from './middleware/meter.js';
export { retry } from './middleware/retry.js';
export { shortToolName } from './middleware/short-tool-names.js';
export { sleep } from './middleware/sleep.js';
export { findUnsupported } from './middleware/validate-support.js';
export { ToolRequestPartSchema, } from './parts.js';
export { FinishReasonSchema } from './response.js';
export { route } from './route.js';
export { UsageSchema } from './usage.js';
export { markCheckedList, validateMessages } from './validate-messages.js';
export { withMiddleware } from './with-middleware.js';
//# sourceMappingURL=index.js.map