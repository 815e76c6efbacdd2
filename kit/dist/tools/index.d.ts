export { defineInterrupt } from './define-interrupt.js';
export { defineTool } from './define-tool.js';
export { type EditOutcome, type EditRefusal, editInput, mergeEdit } from './input-edit.js';
export { declineInterrupt, respondToInterrupt, restartInterrupt } from './interrupt-replies.js';
export { type LimitedRun, LimitSink, PromiseSink, runWithLimits } from './run-with-limits.js';
export { toJsonSchema, toToolDefinition } from './to-tool-definition.js';
export { type ActionContext, DEFAULT_TOOL_TIMEOUT_MS, type DeclinedOutput, type EditableInput, type MultipartToolFn, type MultipartToolOutput, RUN_INTO, type Tool, type ToolConfig, type ToolContext, type ToolFn, type ToolResult, type ToolRunner, type ToolRunOptions, type ToolState, } from './tool.js';
export { isToolInterruptError, ToolInterruptError } from './tool-interrupt-error.js';
