export { APPROVER_NAME_CLAIM, type ApproverNameHook, approverNameClaim } from './approver-name.js';
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
  type ClaimApproversOptions,
  inboxAddressOf,
} from './approvers.js';
export { defineInterrupt } from './define-interrupt.js';
export { defineTool, makeTool } from './define-tool.js';
export { editInput } from './input-edit.js';
export { declineInterrupt } from './interrupt-replies.js';
export { type PresentContext, type PresentInput, presentationOf } from './present-input.js';
export { LimitSink, PromiseSink } from './run-with-limits.js';
export { toJsonSchema } from './to-tool-definition.js';
export {
  type ActionContext,
  DEFAULT_TOOL_TIMEOUT_MS,
  type EditableInput,
  type InterruptOptions,
  type MultipartToolOutput,
  type OwnAnswer,
  type OwnAnswerReader,
  type OwnAnswerReading,
  RUN_INTO,
  type Tool,
  type ToolArtifacts,
  type ToolConfig,
  type ToolContext,
  type ToolResult,
  type ToolRunOptions,
  type ToolSideEffects,
  type ToolState,
} from './tool.js';
export { isToolInterruptError, ToolInterruptError } from './tool-interrupt-error.js';
export {
  hasToolSource,
  isToolSource,
  resolveSources,
  resolveToolEntries,
  splitToolEntries,
  type ToolEntry,
  type ToolSource,
} from './tool-source.js';
