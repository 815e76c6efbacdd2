import type { Message } from '../../model/index.js';
import type { SessionRecord, StopRecord, TurnState } from '../../session/index.js';
import type { AgentInput } from './agent-call.js';

/** How a call goes on with a session: a new turn, the resume of an interrupted one, or the retry of one cut short. */
export type TurnKind = 'message' | 'resume' | 'retry';

/** What the lease write stores, and how the turn then runs. */
export interface TurnPlan {
  kind: TurnKind;
  history: Message[];
  turn: TurnState;
  turns: number;
}

/** What one call asks. */
export interface TurnRequest {
  input: AgentInput;
  /** The new user message, already checked. */
  message: Message | undefined;
  requestId: string | undefined;
  now: number;
  /** The lease of the turn a continuation goes on with (the server's, not a client's call). */
  continues?: string;
  /** The stop asked of the turn whose instance died (its lease lapsed): a new message closes that turn as stopped. */
  deadTurnStop?: StopRecord;
}

/** A turn that holds its session's lease, ready to run. */
export interface StartedTurn {
  record: SessionRecord;
  kind: TurnKind;
  plan: TurnPlan;
  /** The stop asked of the turn this retry takes over after its lease lapsed (its instance died first): the retry ends it stopped. */
  stoppedBefore?: StopRecord;
}
