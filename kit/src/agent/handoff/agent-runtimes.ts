import type { Agent } from '../agent.js';
import type { AgentRuntime, WhileBusy } from '../runtime/index.js';

/** The runtime behind each agent `defineAgent` made: what a hand-off to it runs the conversation with. */
const runtimes = new WeakMap<Agent<WhileBusy>, AgentRuntime>();

/** Records `rt` as the runtime of `agent` (defineAgent's, once). */
export function registerRuntime(agent: Agent<WhileBusy>, rt: AgentRuntime): void {
  runtimes.set(agent, rt);
}

/** The runtime of an agent `defineAgent` made; undefined for any other object. */
export function runtimeOf(agent: Agent<WhileBusy>): AgentRuntime | undefined {
  return runtimes.get(agent);
}
