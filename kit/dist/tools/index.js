export { defineInterrupt } from './define-interrupt.js';
export { defineTool } from './define-tool.js';
export { editInput, mergeEdit } from './input-edit.js';
export { declineInterrupt, respondToInterrupt, restartInterrupt } from './interrupt-replies.js';
export { LimitSink, PromiseSink, runWithLimits } from './run-with-limits.js';
export { toJsonSchema, toToolDefinition } from './to-tool-definition.js';
export { DEFAULT_TOOL_TIMEOUT_MS, RUN_INTO, } from './tool.js';
export { isToolInterruptError, ToolInterruptError } from './tool-interrupt-error.js';
//# sourceMappingURL=index.js.map