import { toToolMap } from '../../generate/index.js';
import { type ActionContext, resolveSources, type Tool } from '../../tools/index.js';
import type { AgentRuntime } from './agent-runtime.js';

function adopt(rt: AgentRuntime, lists: (readonly Tool[])[]): void {
  const known = rt.toolSources;
  if (!known) return;
  // The map is rebuilt only when a source's list is a new one (a refresh after `list_changed`
  // or a TTL); a warm call finds every list as it was and changes nothing.
  if (lists.length === known.lists.length && lists.every((list, i) => list === known.lists[i])) return;
  const tools = [...known.fixed, ...lists.flat()];
  const toolMap = toToolMap(tools);
  known.lists = lists;
  rt.tools = tools;
  rt.toolMap = toolMap;
}

/**
 * Brings the agent's tools up to date with its sources before a call is admitted (a resume
 * checks its answers against the tool map): nothing to do, and no promise, for an agent without
 * sources or when every source answers from its cache.
 */
export function refreshAgentTools(rt: AgentRuntime, context: ActionContext): void | Promise<void> {
  const known = rt.toolSources;
  if (!known) return;
  const lists = resolveSources(known.sources, context);
  if (Array.isArray(lists)) {
    adopt(rt, lists);
    return;
  }
  return lists.then((resolved) => adopt(rt, resolved));
}
