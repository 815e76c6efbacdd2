export {
  type ApproverAuth,
  type ApproverCall,
  type ApproverCheck,
  type ApproverInbox,
  type ApproverSessionView,
  type Approvers,
  approverCheckOf,
  approversIn,
  approversWithClaim,
  inboxAddressOf,
} from './approvers.js';
export { defineInterrupt } from './define-interrupt.js';
export { defineTool } from './define-tool.js';
export { editInput } from './input-edit.js';
export { LimitSink, PromiseSink } from './run-with-limits.js';
export { toJsonSchema } from './to-tool-definition.js';
export {
  type ActionContext,
  type EditableInput,
  RUN_INTO,
  type Tool,
  type ToolConfig,
  type ToolContext,
  type ToolResult,
  type ToolRunOptions,
  type ToolState,
} from './tool.js';
export { isToolInterruptError, ToolInterruptError } from './tool-interrupt-error.js';
