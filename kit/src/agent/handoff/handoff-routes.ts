import { KitError } from '../../errors/index.js';
import { LruSessionCache } from '../../session/lru-session-cache.js';
import type { SessionStore } from '../../session/session-store.js';
import type { AgentRuntime } from '../runtime/index.js';
import { runtimeOf } from './agent-runtimes.js';
import { handoffTargetOf } from './handoff-to.js';

/** The store under an agent's cache: agents that hand to each other must keep their sessions in it. */
const backingOf = (store: SessionStore): SessionStore => (store instanceof LruSessionCache ? store.store : store);

/** The agents `rt`'s own hand-off tools hand to, as runtimes. */
function handsTo(rt: AgentRuntime): AgentRuntime[] {
  const next: AgentRuntime[] = [];
  for (const tool of rt.toolSources?.fixed ?? rt.tools) {
    const agent = handoffTargetOf(tool);
    if (!agent) continue;
    const target = runtimeOf(agent);
    if (!target) {
      throw new KitError(
        'invalid-argument',
        `tool '${tool.name}' hands to '${agent.name}', which defineAgent did not make`,
      );
    }
    next.push(target);
  }
  return next;
}

/**
 * Every agent reachable from `rt` by hand-off tools, one hand-off after another (`rt` too, when
 * one hands back), by name: the agents whose sessions `rt`'s callable serves. Known from the
 * tools, none declared. Each must keep its sessions in `rt`'s store (a hand-off moves a session
 * between agents, not between stores), and from now on reads them through `rt`'s cache; each has
 * a name of its own.
 */
export function handoffRoutes(rt: AgentRuntime): Map<string, AgentRuntime> {
  const routes = new Map<string, AgentRuntime>();
  const todo = handsTo(rt);
  for (let next = todo.pop(); next; next = todo.pop()) {
    const known = routes.get(next.name);
    if (known === next) continue;
    if (known || (next.name === rt.name && next !== rt)) {
      throw new KitError(
        'invalid-argument',
        `two agents named '${next.name}' are reachable by hand-offs from '${rt.name}'`,
      );
    }
    if (backingOf(next.store) !== backingOf(rt.store)) {
      throw new KitError(
        'invalid-argument',
        `agent '${rt.name}' hands to '${next.name}', whose sessions are in another store: give both the same store`,
      );
    }
    // One instance, one cache of the team's sessions: a hand-off's writes are what the next call reads.
    next.store = rt.store;
    routes.set(next.name, next);
    todo.push(...handsTo(next));
  }
  return routes;
}

/**
 * `rt.routeTo`: the agent in charge by name, among the agents `rt`'s hand-offs reach, found on
 * first use (an agent handed to may be defined after `rt`: `handoffTo(() => agent)`).
 */
export function routesOf(rt: AgentRuntime): (agent: string) => AgentRuntime | undefined {
  let routes: Map<string, AgentRuntime> | undefined;
  return (agent) => {
    routes ??= handoffRoutes(rt);
    return routes.get(agent);
  };
}
