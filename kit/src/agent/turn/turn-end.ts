import type { Artifact, ArtifactPart, Message } from '../../model/index.js';
import type { AgentTurnResult } from './turn-result.js';

/**
 * What an agent's `onTurnEnd` sees of a turn that ended with an answer or waiting for a person
 * (a failed or stopped turn has no end to see), and how the agent itself writes artifacts.
 */
export interface TurnEnd {
  sessionId: string;
  /** The turn's result, as its caller gets it. */
  result: AgentTurnResult;
  /** The conversation as the turn leaves it (the head branch's). */
  history: Message[];
  /** The agent's state as the turn leaves it; undefined when it keeps none. */
  state: unknown;
  /** The artifacts the conversation shows before these writes (the head branch's), by name. */
  artifacts: Artifact[];
  /**
   * Writes a version of artifact `name`, as a tool's `ctx.artifact` does (the same versions,
   * limits and `artifact` chunk, with no `ref`): stored by the write that ends the turn, streamed
   * once stored. A write the limits refuse fails the turn.
   */
  artifact(name: string, parts: ArtifactPart[]): void;
}

/** An agent's hook at each turn's end (`defineAgent({ onTurnEnd })`). */
export type TurnEndHook = (turn: TurnEnd) => void | Promise<void>;
