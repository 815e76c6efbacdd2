import type { AnsweredBy, ApproverAddress, ParentLink, Resume } from '@callable-flows/protocol';
import type { GenerateResponseChunk } from '../../model/index.js';
import type { StopRecord } from '../../session/index.js';
import type { ActionContext } from '../../tools/index.js';
import type { AgentInput, AgentTurnResult } from '../turn/index.js';
import type { NestedAnswerer } from './nested.js';

/**
 * How a sub-agent's session is tied to the session whose call runs it (`agentTool`): the link
 * its first write stores, and the parent's TTL, which each of its writes takes instead of its
 * own (the parent's call writes after its sub-agent's, so the parent never leaves first).
 */
export interface SessionLink {
  parent: ParentLink;
  ttlMs: number;
}

/** One run of an agent as a sub-agent: a call of another agent's round (`agentTool`). */
export interface SubTurnCall {
  /** The sub-session (`subSessionId`): made by the first run, found by every later one. */
  sessionId: string;
  input: AgentInput;
  /** Derived from the parent's call and what it asks (`subRequestId`). */
  requestId: string;
  link: SessionLink;
  /** The parent session's owner: the sub-turn runs as theirs. */
  ownerUid: string;
  /** The parent's tools' context: the sub-agent's tools see the same caller. */
  context: ActionContext;
  onChunk?: (chunk: GenerateResponseChunk) => void;
  signal: AbortSignal;
  /** The stop the parent heard: a sub-turn its signal ended is stored as stopped by it. */
  stopHeard(): StopRecord | undefined;
  /** A resume's: who answered through the parent (its approver check was the parent's admission's); stamped on the answered calls. */
  answeredBy?: AnsweredBy;
}

/** What one sub-agent call gave: its result, and the inbox address of each interrupt whose tool names approvers. */
export interface SubTurnResult {
  result: AgentTurnResult;
  approvers: Record<string, ApproverAddress>;
}

/** How an agent runs as a sub-agent. */
export interface SubTurn {
  /** Runs one sub-agent call to its result (`SESSION_BUSY` while an earlier run of it holds the sub-session). */
  run(call: SubTurnCall): Promise<SubTurnResult>;
  /** The agent's lease: how long a dead instance's run of a call can hold the sub-session. */
  leaseMs: number;
  /**
   * Checks `resume` against sub-session `sessionId` as its own admission would, nothing
   * written: throws its refusal (refs its own), false when the tools' `approvers` don't admit `answerer`.
   */
  admit(sessionId: string, resume: Resume, answerer: NestedAnswerer): Promise<boolean>;
}

/** The key of an agent's {@link SubTurn}: every `defineAgent` agent has one. */
export const SUB_TURN: unique symbol = Symbol('callable-flows.agent.subTurn');
