import {
  BranchSchema,
  CallResultSchema,
  ParentLinkSchema,
  SESSION_STATUSES,
  SnapshotSchema,
  TurnFieldSchema,
  TurnOutcomeFieldSchema,
  WireInterruptSchema,
} from '@callable-flows/protocol';
import { z } from 'zod';
import { ArtifactSchema, MessageSchema, ToolRequestPartSchema, UsageSchema } from '../model/index.js';

/** The shape version of a stored session; a reader refuses shapes it does not know. */
export const SESSION_SCHEMA_VERSION = 1;

/**
 * Where a session stands: `running` while a turn holds its lease, `interrupted` while tools wait
 * for a person, `expired` once those waited too long, `failed` when the last turn ended in an
 * error (a retry or the next message completes it).
 */
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

/** The hold a running turn has on its session: every write of the turn carries its id. */
export const LeaseSchema = z.strictObject({
  id: z.string().min(1),
  /** Epoch ms; after it another call may take the session over. */
  expiresAt: z.number(),
});

/** The turn in progress (or interrupted): what a retry or a resume needs to finish it (the protocol's `turn` field). */
export const TurnStateSchema = z.strictObject(TurnFieldSchema.shape);
export type TurnState = z.infer<typeof TurnStateSchema>;

/** How the last turn ended (the protocol's `outcome` field): done, interrupted, stopped (by whom, when), failed, expired. */
export const TurnOutcomeSchema = z.strictObject(TurnOutcomeFieldSchema.shape);
export type { TurnOutcome } from '@callable-flows/protocol';

/** An interrupt as a client sees it. */
export const PendingInterruptSchema = z.strictObject(WireInterruptSchema.shape);

/** The outcome of one agent call (see `AgentTurnResult`): the wire's result, strict, with the kit's usage. */
export const TurnResultSchema = z.strictObject({
  ...CallResultSchema.shape,
  output: z.unknown().optional(),
  interrupts: z.array(PendingInterruptSchema),
  usage: UsageSchema,
});

/** A finished call's result kept for retries with the same request id. */
export const StoredResultSchema = z.strictObject({
  requestId: z.string(),
  result: TurnResultSchema,
  /** Set when the text was too large to keep twice: it is the text of `history[textAt]`. */
  textAt: z.number().int().nonnegative().optional(),
  /**
   * The refs of the result's interrupts, whose requests the history holds: kept instead of a
   * copy of them (their input and metadata may be large), and read back from the history.
   */
  interruptRefs: z.array(z.string()).optional(),
  /** When the call finished (epoch ms): the oldest results make room first. */
  at: z.number().optional(),
});
export type StoredResult = z.infer<typeof StoredResultSchema>;

/**
 * How a call with a request id was closed other than by its own answer: its turn cut short by a
 * later call (it had failed, or its instance stalled past its lease), its interrupts expired, or
 * its owner stopped it (`stopped`, marked by the write that ended it stopped, or by the later call
 * that honoured a stop of its dead turn). A call that ended on its own needs no mark: its stored
 * result, or the turn that follows it, says so.
 */
export const RequestOutcomeSchema = z.enum(['cut-short', 'expired', 'stopped']);
export type RequestOutcome = z.infer<typeof RequestOutcomeSchema>;

/** One request id a session admitted: what it asked for, and how its call ended once it did. */
export const RequestRecordSchema = z.strictObject({
  id: z.string(),
  /** A digest of the request (its message or its resume): the same id with another request is refused. */
  digest: z.string(),
  /** When it was first admitted (epoch ms): the oldest ids leave the record first. */
  at: z.number(),
  /** Set when a later call closed the call's turn, or when it was stopped. */
  outcome: RequestOutcomeSchema.optional(),
});
export type RequestRecord = z.infer<typeof RequestRecordSchema>;

/** A model-written summary of `history[0, upTo)`, sent in place of those messages. */
export const SummarySchema = z.strictObject({
  text: z.string(),
  upTo: z.number().int().nonnegative(),
  at: z.number(),
});
export type Summary = z.infer<typeof SummarySchema>;

/** Why the last turn failed, in words safe to store (never a secret). */
export const SessionErrorSchema = z.strictObject({ code: z.string(), message: z.string() });

/**
 * A session's branches (protocol's session-branches): every branch, oldest first, the last the
 * head, whose history is `history`; `prior` is the journal before the head's own messages (the
 * other branches' messages). Absent on a session never forked: its history is its journal.
 */
export const SessionBranchesSchema = z.strictObject({
  list: z.array(z.strictObject(BranchSchema.shape)).min(1),
  prior: z.array(MessageSchema),
});
export type SessionBranches = z.infer<typeof SessionBranchesSchema>;

/** One conversation of one user with one agent. Times are epoch milliseconds. */
export const SessionSchema = z.strictObject({
  schemaVersion: z.literal(SESSION_SCHEMA_VERSION),
  id: z.string().min(1),
  ownerUid: z.string().min(1),
  agent: z.string().min(1),
  status: SessionStatusSchema,
  /** Goes up by one on every write. */
  version: z.number().int().nonnegative(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When the store may delete the session (a Firestore TTL policy reads it). */
  expireAt: z.number(),
  /** The conversation without system messages: the agent adds its system prompt each call. */
  history: z.array(MessageSchema),
  /** The tool requests of the last model message that wait for a person. */
  interrupts: z.array(ToolRequestPartSchema),
  summary: SummarySchema.optional(),
  /** The agent's typed state (its `state` schema), changed by tools and journaled with their results. */
  state: z.unknown().optional(),
  /**
   * The artifact versions the session keeps, of every branch (`session-artifacts.ts`): those a
   * branch shows and those a kept snapshot showed; absent until one is written.
   */
  artifacts: z.array(ArtifactSchema).optional(),
  lease: LeaseSchema.optional(),
  turn: TurnStateSchema.optional(),
  /** How many user turns were started; the next turn's `seq`. */
  turns: z.number().int().nonnegative(),
  /** The results of the last calls that carried a request id, oldest first. */
  results: z.array(StoredResultSchema),
  /** The last request ids the session admitted, oldest first (absent in sessions stored before ids were recorded). */
  requests: z.array(RequestRecordSchema).optional(),
  error: SessionErrorSchema.optional(),
  /** How the last turn ended; absent while a turn runs (and in sessions stored before outcomes were). */
  outcome: TurnOutcomeSchema.optional(),
  /** A sub-agent's session: the session, call and agent that run it (`agentTool`); absent otherwise. */
  parent: z.strictObject(ParentLinkSchema.shape).optional(),
  /** Its branches, once a call went on from a snapshot; absent before (one branch: `history`). */
  branches: SessionBranchesSchema.optional(),
  /** The turns' ends, oldest first (the newest `MAX_SNAPSHOTS`); absent before the first. */
  snapshots: z.array(z.strictObject(SnapshotSchema.shape)).optional(),
});
export type Session = z.infer<typeof SessionSchema>;
