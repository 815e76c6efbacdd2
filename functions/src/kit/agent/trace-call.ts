import type { Part } from '../model/index.js';
import type { TraceSink } from '../trace/index.js';
import type { AgentCallContext, AgentInput } from './agent.js';
import type { AgentRuntime } from './agent-runtime.js';

/** The sinks a call's trace goes to: the agent's, then the call's own. */
export function traceSinksOf(rt: AgentRuntime, ctx: AgentCallContext): TraceSink[] {
  return ctx.traces === undefined ? rt.traces : [...rt.traces, ...[ctx.traces].flat()];
}

/** What a call asked, as its trace's input: the user's message, or which interrupts a resume answers. */
export function traceInput(input: AgentInput): string | Part[] {
  if (input.message !== undefined) return input.message;
  const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
  const respond = list(input.resume?.respond).map((r) => `respond ${r.name}#${r.ref}`);
  const restart = list(input.resume?.restart).map((r) => `restart ${r.name}#${r.ref}`);
  return `[resume] ${[...respond, ...restart].join(', ')}`;
}
