export { addUsage } from './add-usage.js';
export { applyResume, nothingToResume } from './apply-resume.js';
export { assignRefs, type RefToolRequestPart } from './assign-refs.js';
export { executeToolCall, type ToolCallScope, toolErrorResponse } from './execute-tool-call.js';
export { DEFAULT_MAX_TURNS, generate } from './generate.js';
export type {
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
export { dataOf, extractJson, parseOutput } from './parse-output.js';
export { type ResumeReply, repliesOfOptions, repliesOfRequest } from './resume-reply.js';
export { type ResolvedRound, runOpenRound } from './run-open-round.js';
export { hasToolCall, isStopMet, roundCountIs, stepCountIs, stopToolResult } from './stop-condition.js';
export { lookupTool, toToolMap } from './to-tool-map.js';
