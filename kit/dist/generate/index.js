export { addUsage } from './add-usage.js';
export { applyResume, nothingToResume } from './apply-resume.js';
export { assignRefs } from './assign-refs.js';
export { executeToolCall, toolErrorResponse } from './execute-tool-call.js';
export { DEFAULT_MAX_TURNS, generate } from './generate.js';
export { OutputParseError } from './output-parse-error.js';
export { dataOf, extractJson, parseOutput } from './parse-output.js';
export { repliesOfOptions, repliesOfRequest } from './resume-reply.js';
export { runOpenRound } from './run-open-round.js';
export { hasToolCall, isStopMet, roundCountIs, stepCountIs, stopToolResult } from './stop-condition.js';
export { lookupTool, toToolMap } from './to-tool-map.js';
//# sourceMappingURL=index.js.map