/** The key of a tool's {@link ToolRunner}: only `defineTool` and `defineInterrupt` tools have one. */
export const RUN_INTO = Symbol('callable-flows.tool.runInto');
/** The default per-call tool timeout. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;
//# sourceMappingURL=tool.js.map