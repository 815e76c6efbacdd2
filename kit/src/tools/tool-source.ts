import { isThenable } from './run-with-limits.js';
import type { ActionContext, Tool } from './tool.js';

/**
 * Tools known only at run time: an MCP server's, listed on first use. A source resolves its
 * list itself (and caches it: a warm turn must cost no request to list it again); the generate
 * loop and an agent resolve every source before the first model call, with the caller's context.
 * Return the same array while the list is unchanged: an agent rebuilds its tool map only when
 * a list is a new one.
 */
export interface ToolSource {
  readonly kind: 'tool-source';
  /** Names the source in errors and logs (an MCP server's name). */
  readonly name: string;
  tools(context: ActionContext): readonly Tool[] | Promise<readonly Tool[]>;
  /**
   * False while the source has no list at all (its server could not be listed on this
   * instance): a waiting call of a tool it may hold is then neither run nor taken for gone
   * (`TOOLS_UNAVAILABLE`), since the tool may well be there once the server answers.
   */
  readonly listed?: boolean;
}

/** What a `tools` option lists: tools, and sources of tools. */
export type ToolEntry = Tool | ToolSource;

export function isToolSource(entry: ToolEntry): entry is ToolSource {
  return (entry as Partial<ToolSource>).kind === 'tool-source';
}

/** The sources among `entries`, and the tools that are there already. */
export function splitToolEntries(entries: readonly ToolEntry[] | undefined): {
  tools: Tool[];
  sources: ToolSource[];
} {
  const tools: Tool[] = [];
  const sources: ToolSource[] = [];
  for (const entry of entries ?? []) {
    if (isToolSource(entry)) sources.push(entry);
    else tools.push(entry);
  }
  return { tools, sources };
}

/**
 * The lists of `sources`, in order: the lists themselves when every source answered at once
 * (a warm instance: no promise, no await), else a promise of them.
 */
export function resolveSources(
  sources: readonly ToolSource[],
  context: ActionContext,
): (readonly Tool[])[] | Promise<(readonly Tool[])[]> {
  const lists = sources.map((source) => source.tools(context));
  if (!lists.some(isThenable)) return lists as (readonly Tool[])[];
  return Promise.all(lists);
}

/** True when `entries` holds a source (most don't: checked without building anything). */
export function hasToolSource(entries: readonly ToolEntry[] | undefined): boolean {
  if (entries) for (const entry of entries) if (isToolSource(entry)) return true;
  return false;
}

/** `entries` with each source replaced by its tools, in order. */
export async function resolveToolEntries(entries: readonly ToolEntry[], context: ActionContext): Promise<Tool[]> {
  const { tools, sources } = splitToolEntries(entries);
  const lists = await resolveSources(sources, context);
  return [...tools, ...lists.flat()];
}
