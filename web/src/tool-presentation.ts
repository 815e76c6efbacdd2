/**
 * Tools the conversation does not show: they are the agent's own bookkeeping, not something it
 * did for the person (`finish` ends a task with a summary the assistant then says in words).
 * The kit's wire protocol carries no per-tool display flag, so the client that shows the
 * transcript decides, as an AI SDK app decides which tool parts it renders.
 */
export const HIDDEN_TOOLS: ReadonlySet<string> = new Set(['finish']);

/** True when tool `name` is left out of the transcript. */
export function isHiddenTool(name: string): boolean {
  return HIDDEN_TOOLS.has(name);
}
