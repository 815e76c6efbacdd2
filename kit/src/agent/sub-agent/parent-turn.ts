import type { GenerateResponseChunk } from '../../model/index.js';
import type { StopRecord } from '../../session/index.js';
import type { ActionContext } from '../../tools/index.js';

/**
 * What a running turn tells the tools of its round about itself, for a tool that runs another
 * agent (`agentTool`): the session the sub-agent's session hangs off, whose owner it runs for,
 * its TTL, where its caller's chunks go and the stop it heard.
 */
export interface ParentTurn {
  sessionId: string;
  ownerUid: string;
  agent: string;
  /** The parent agent's session TTL: the sub-session's writes take it. */
  ttlMs: number;
  /** The parent's caller's stream (none: the caller doesn't stream, or is an approver). */
  onChunk: ((chunk: GenerateResponseChunk) => void) | undefined;
  /** The stop that ended the parent turn (its owner's), once one did: the sub-turn ends stopped by it. */
  stopHeard(): StopRecord | undefined;
}

// A symbol key: no tool sees it by name, JSON never carries it, a spread of the context keeps it.
const PARENT_TURN: unique symbol = Symbol('callable-flows.parentTurn');

type WithParent = ActionContext & { [PARENT_TURN]?: ParentTurn };

/** `context` as the tools of the turn `parent` see it. */
export function withParentTurn(context: ActionContext | undefined, parent: ParentTurn): ActionContext {
  const next: WithParent = { ...context };
  next[PARENT_TURN] = parent;
  return next;
}

/** The turn whose round runs a tool with `context`, when an agent's turn runs it. */
export function parentTurnOf(context: ActionContext): ParentTurn | undefined {
  return (context as WithParent)[PARENT_TURN];
}
