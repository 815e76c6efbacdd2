export { addUsage } from './add-usage.js';
export { applyResume, nothingToResume } from './apply-resume.js';
export { changedCallsOf } from './current-input.js';
export { toolErrorResponse } from './execute-tool-call.js';
export { DEFAULT_MAX_TURNS, generate } from './generate.js';
export type {
  AdmitWaiting,
  GenerateOptions,
  GenerateResult,
  ModelResponseStep,
  OutputOptions,
  PreparedStep,
  ResumeOptions,
  RoundRecord,
  StopCondition,
  ToolCall,
  ToolMiddleware,
  ToolResultStep,
} from './generate-options.js';
export { OutputParseError } from './output-parse-error.js';
export { extractJson, parseOutput } from './parse-output.js';
export { type ResumeReply, repliesOfRequest } from './resume-reply.js';
export { hasToolCall, roundCountIs, stepCountIs } from './stop-condition.js';
export { lookupTool, toToolMap } from './to-tool-map.js';
