import type { AnsweredBy, Resume } from '@callable-flows/protocol';
import type { Message } from '../../model/index.js';
import type { SessionBranches, SessionRecord, StopRecord, Summary, TurnState } from '../../session/index.js';

/** How a call goes on with a session: a new turn, the resume of an interrupted one, or the retry of one cut short. */
export type TurnKind = 'message' | 'resume' | 'retry';

/** What the lease write stores, and how the turn then runs. */
export interface TurnPlan {
  kind: TurnKind;
  history: Message[];
  turn: TurnState;
  turns: number;
  /** A turn that goes on from a snapshot: the new branch the lease write stores, with the state and summary of then. */
  fork?: PlannedFork;
}

/** What the lease write of a fork stores besides its history. */
export interface PlannedFork {
  /** The history as of the snapshot: the messages of `history` the new branch shares with it. */
  base: Message[];
  branches: SessionBranches;
  state: unknown;
  summary: Summary | undefined;
}

/**
 * Who answers a resume, beyond their uid: their ID-token claims and App Check app id, which a
 * tool's approver check and the answer's `answeredBy` stamp read; `approvers`: a caller who is not
 * the session's owner is admitted when every call they answer lets them (`Agent.answer`'s path;
 * `send` keeps a session its owner's alone).
 */
export interface Answerer {
  token: Record<string, unknown>;
  appId?: string;
  /** Their name, from a source they can't edit (the agent's `approverName`; bounded), stamped with their answer. */
  name?: string;
  approvers: boolean;
}

/**
 * What one call asks of a session: a new user message (already checked) or the answers to its
 * interrupts, each from the caller `uid` under its request id, if it brings one; or (the
 * server's, never a client's, on behalf of the session's owner and under its turn's request id)
 * the continuation of the turn that ran under `leaseId` and lapsed.
 */
export type TurnAsk =
  | {
      kind: 'message';
      message: Message;
      uid: string;
      requestId: string | undefined;
      /** Go on from this snapshot of the session, on a new branch, instead of its head. */
      snapshotId?: string;
    }
  | {
      kind: 'resume';
      resume: Resume;
      uid: string;
      requestId: string | undefined;
      answerer?: Answerer;
      /** A sub-agent's resume through its parent's: who answered there (stamped here instead of `uid`). */
      answeredBy?: AnsweredBy;
    }
  | { kind: 'continuation'; leaseId: string };

/** One call's request of a session: what it asks, and when. */
export type TurnRequest = TurnAsk & {
  now: number;
  /** The stop asked of the turn whose instance died (its lease lapsed): a new message closes that turn as stopped. */
  deadTurnStop?: StopRecord;
};

/** What a client's call asks: a new message, or the answers to the interrupts. */
export type ClientTurnRequest = Extract<TurnRequest, { kind: 'message' | 'resume' }>;

/** What the server's continuation of a lapsed turn asks. */
export type ContinuationRequest = Extract<TurnRequest, { kind: 'continuation' }>;

/** A turn that holds its session's lease, ready to run. */
export interface StartedTurn {
  record: SessionRecord;
  kind: TurnKind;
  plan: TurnPlan;
  /** The stop asked of the turn this retry takes over after its lease lapsed (its instance died first): the retry ends it stopped. */
  stoppedBefore?: StopRecord;
}
