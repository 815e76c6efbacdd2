import { z } from 'zod';
import { KitError } from '../../errors/index.js';
import { defineTool, type Tool } from '../../tools/index.js';
import type { Agent } from '../agent.js';
import type { WhileBusy } from '../runtime/index.js';

/** An agent, or a function that gives it (for agents that hand to each other: the second is not defined yet). */
export type HandoffTarget = Agent<WhileBusy> | (() => Agent<WhileBusy>);

/** Options of {@link handoffTo}. */
export interface HandoffOptions {
  /** The tool's name, as the model calls it. Default `transfer_to_<agent name>`; required with a function. */
  name?: string;
  /** What the model reads of when to hand over. Default: "Hand the conversation to the <name> agent." */
  description?: string;
}

/** What the hand-off tool answers the model (its call's output): the agent now in charge. */
export const HandoffOutputSchema = z.object({ handedTo: z.string() });

/** The hand-off tools `handoffTo` made, with the agent each hands to. */
const targets = new WeakMap<Tool, () => Agent<WhileBusy>>();

/** The agent a hand-off tool hands to; undefined for any other tool. */
export function handoffTargetOf(tool: Tool | undefined): Agent<WhileBusy> | undefined {
  return tool ? targets.get(tool)?.() : undefined;
}

/** A tool name the model may call: the kit's tool-name rule, with an agent name's `/` made `_`. */
const toolNameOf = (agentName: string): string => `transfer_to_${agentName.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

/**
 * A tool the model calls to hand the conversation to `agent` on the same session: once its round
 * is answered, the session's `agent` names `agent` (the switch is journaled on the model's message
 * as `metadata.handoff`, from, to and at), and the same turn goes on with that agent's system
 * prompt, model and tools over the whole history. Calls on the session through the callable of any
 * agent that can reach it by hand-offs run under the agent now in charge. The call changes nothing
 * outside the session (`sideEffects: 'none'`): its result is written with the switch, in one write.
 */
export function handoffTo(agent: HandoffTarget, options: HandoffOptions = {}): Tool {
  const resolve = typeof agent === 'function' ? agent : () => agent;
  if (typeof agent === 'function' && options.name === undefined) {
    throw new KitError('invalid-argument', 'handoffTo(() => agent) needs a `name`: the agent is not defined yet');
  }
  const agentName = typeof agent === 'function' ? undefined : agent.name;
  const name = options.name ?? toolNameOf(agentName as string);
  const tool = defineTool(
    {
      name,
      description:
        options.description ?? `Hand the conversation to the ${agentName ?? name.replace(/^transfer_to_/, '')} agent.`,
      inputSchema: z.object({}),
      outputSchema: HandoffOutputSchema,
      sideEffects: 'none',
      stop: true,
    },
    () => ({ handedTo: resolve().name }),
  );
  targets.set(tool, resolve);
  return tool;
}

/** True for a tool `handoffTo` made (its agent is not resolved: it may not be defined yet). */
export function isHandoffTool(tool: Tool): boolean {
  return targets.has(tool);
}
