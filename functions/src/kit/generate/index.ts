export { addUsage } from './add-usage.js';
export { assignRefs, type RefToolRequestPart } from './assign-refs.js';
export { executeToolCall, type ToolCallScope, type ToolOutcome, toolErrorResponse } from './execute-tool-call.js';
export { DEFAULT_MAX_TURNS, generate } from './generate.js';
export type {
  GenerateOptions,
  GenerateResult,
  OutputOptions,
  ResumeOptions,
  ToolCall,
  ToolMiddleware,
} from './generate-options.js';
export {
  clearStamps,
  hasPendingOutput,
  isInterrupted,
  pendingResponse,
  stampInterrupt,
  stampPendingOutput,
  stampResolved,
} from './interrupt-stamps.js';
export { OutputParseError } from './output-parse-error.js';
export { dataOf, extractJson, parseOutput } from './parse-output.js';
export { resolveResumeOption } from './resolve-resume-option.js';
export { type ResolvedRound, resolveToolRequests } from './resolve-tool-requests.js';
export { lookupTool, toToolMap } from './to-tool-map.js';
export { markChecked, validateMessages } from './validate-messages.js';
