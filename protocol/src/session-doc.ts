import * as z from 'zod/mini';

export * from './artifact.js';
export * from './session-branches.js';

// The session document in Firestore (`sessions/{id}`, history chunks in `sessions/{id}/history/{c…}`),
// as the kit writes it and the kit and the web app read it. Scalars a query or a TTL policy
// needs are native fields (status, owner, times); structured values are JSON text, because
// Firestore refuses some JSON (arrays inside arrays, say) that tool inputs and outputs may hold.
// History is JSON lines: one message a line, each ended by '\n' (JSON text never holds a raw
// newline). The newest lines stay in the session document (the tail), one line a field, so a
// write sets only new lines; older lines are sealed into chunk documents, so no document nears
// Firestore's 1 MiB limit. zod/mini, so the web app's bundle pays little for it.

/** Where a session stands. */
export const SESSION_STATUSES = ['idle', 'running', 'interrupted', 'expired', 'failed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** A Firestore timestamp as read back: firebase-admin's and the JS SDK's both have `toMillis`. */
export interface TimestampLike {
  toMillis(): number;
}

/** A time field: a Firestore timestamp, or epoch ms. */
export const TimeSchema = z.union([
  z.number(),
  z.custom<TimestampLike>((v) => typeof (v as { toMillis?: unknown } | null)?.toMillis === 'function'),
]);

/** A time field as epoch ms. */
export const millis = (value: z.infer<typeof TimeSchema>): number =>
  typeof value === 'number' ? value : value.toMillis();

/** A Firestore timestamp field as epoch ms; undefined for anything else (a missing field). */
export function millisOf(value: unknown): number | undefined {
  const time = value as Partial<TimestampLike> | null | undefined;
  return typeof time?.toMillis === 'function' ? time.toMillis() : undefined;
}

const count = z.int().check(z.nonnegative());

/** Where a history's messages are: `sealed` messages in chunk documents, the rest in the tail. */
export const HistoryLayoutSchema = z.object({
  length: count,
  sealed: count,
  /** Per chunk document, the index of the first message that starts in it; -1 for a continuation. */
  chunks: z.array(z.int()),
});
export type HistoryLayout = z.infer<typeof HistoryLayoutSchema>;

/** The session document's `history`: the layout, and the tail's lines by {@link lineKey}. */
export const HistoryFieldSchema = z.object({
  ...HistoryLayoutSchema.shape,
  lines: z.record(z.string(), z.string()),
});
export type HistoryField = z.infer<typeof HistoryFieldSchema>;

/** What a running turn is doing: calling the `model`, or running `tools` (the refs of its calls that run). */
export const RUNNING_STEPS = ['model', 'tools'] as const;
export type RunningStep = (typeof RUNNING_STEPS)[number];

/**
 * The session document's `running`: what the turn that holds the lease does, as of the journal's
 * last write (it rides on those writes: no write of its own); `null` when no turn runs. The turn
 * itself (since when, which call) is the `turn` field ({@link TurnFieldSchema}). A turn whose
 * instance died stays here until its lease (`lease.expiresAt`) lapses and a call takes it over.
 * Each journal write rewrites it whole, so what another call asks of the running turn (a stop, a
 * queued message) belongs in fields of its own beside it, never in it.
 */
export const RunningTurnSchema = z.object({
  step: z.enum(RUNNING_STEPS),
  /** The refs of the tool calls that run (empty unless `step` is `tools`). */
  refs: z.array(z.string()),
});
export type RunningTurn = z.infer<typeof RunningTurnSchema>;

/** The session document's `turn` (JSON text): the running turn, or the last one. */
export const TurnFieldSchema = z.object({
  /** Numbers the user turns of a session. */
  seq: count,
  /** What the call that runs it asked for: a new `message`, or a `resume` of an interrupt. */
  kind: z.enum(['message', 'resume']),
  /** The call's request id, if it gave one. */
  requestId: z.optional(z.string()),
  /** Index in history of the message that opened the turn. */
  start: count,
  /** When the turn began (epoch ms). */
  startedAt: z.number(),
});
export type TurnField = z.infer<typeof TurnFieldSchema>;

/** A field's JSON text read as `schema`'s shape; undefined when there is none or it isn't one. */
function jsonFieldOf<T>(schema: z.ZodMiniType<T>, text: string | null | undefined): T | undefined {
  if (text === null || text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The `turn` field's JSON text read as its shape; undefined when there is none or it isn't one. */
export function turnOf(text: string | null): TurnField | undefined {
  return jsonFieldOf(TurnFieldSchema, text);
}

/** How a session's last turn ended. */
export const TURN_OUTCOMES = ['done', 'interrupted', 'stopped', 'failed', 'expired'] as const;
export type TurnOutcomeKind = (typeof TURN_OUTCOMES)[number];

/**
 * Who stopped a turn: the owner (`uid`) and which of their clients, as the stop request named
 * itself (its `requestId`, and the `clientId` a client may send to name its device or tab).
 */
export const StopperSchema = z.object({
  uid: z.string(),
  requestId: z.optional(z.string()),
  clientId: z.optional(z.string()),
  /** When the stop was asked (epoch ms). */
  at: z.number(),
});
export type Stopper = z.infer<typeof StopperSchema>;

/**
 * The session document's `outcome` (JSON text): how the last turn ended, written by the write
 * that ended it (no write of its own) and cleared by the lease write of the next. `done`: the
 * model answered; `interrupted`: calls wait for a person; `stopped`: the owner stopped it
 * (`stoppedBy`); `failed`: it ended in an error (`failure`, the session's `error` has its words);
 * `expired`: the cleanup expired the calls that waited too long.
 */
export const TurnOutcomeFieldSchema = z.object({
  kind: z.enum(TURN_OUTCOMES),
  /** When the turn ended (epoch ms). */
  at: z.number(),
  /** The request id of the call the turn served, if it had one. */
  requestId: z.optional(z.string()),
  stoppedBy: z.optional(StopperSchema),
  /** The error's code and, when the kit gave one, its reason (`ERROR_REASONS`). */
  failure: z.optional(z.object({ code: z.string(), reason: z.optional(z.string()) })),
});
export type TurnOutcome = z.infer<typeof TurnOutcomeFieldSchema>;

/** The `outcome` field's JSON text read as its shape; undefined when there is none or it isn't one. */
export function outcomeOf(text: string | null | undefined): TurnOutcome | undefined {
  return jsonFieldOf(TurnOutcomeFieldSchema, text);
}

/**
 * The session document's `parent`: set on a sub-agent's session (an `agentTool` call's), naming
 * the session, call (`ref`) and agent that ran it. Absent on every other session.
 */
export const ParentLinkSchema = z.object({
  sessionId: z.string(),
  ref: z.string(),
  agent: z.string(),
});
export type ParentLink = z.infer<typeof ParentLinkSchema>;

/** The fields of a session document that are read back. */
export const SessionDocSchema = z.object({
  schemaVersion: z.number(),
  id: z.string(),
  ownerUid: z.string(),
  agent: z.string(),
  status: z.enum(SESSION_STATUSES),
  version: z.number(),
  createdAt: TimeSchema,
  updatedAt: TimeSchema,
  expireAt: TimeSchema,
  lease: z.nullable(z.object({ id: z.string(), expiresAt: TimeSchema })),
  /** JSON text of the running or last turn ({@link TurnFieldSchema}, read with {@link turnOf}). */
  turn: z.nullable(z.string()),
  turns: z.number(),
  /** JSON text of the summary of older history. */
  summary: z.nullable(z.string()),
  /** JSON text of the agent's state. */
  state: z.optional(z.nullable(z.string())),
  /** Stored results (JSON text), one field each, named by a hash of its requestId. */
  results: z.record(z.string(), z.string()),
  /** Request ids (JSON text: the id, a digest of its request, how it ended), one field each, named by a hash of the id. */
  requests: z.optional(z.record(z.string(), z.string())),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  /** The running turn; absent in documents written before it existed. */
  running: z.optional(z.nullable(RunningTurnSchema)),
  /** JSON text of how the last turn ended ({@link TurnOutcomeFieldSchema}, read with {@link outcomeOf}); absent in documents written before it existed, null while a turn runs. */
  outcome: z.optional(z.nullable(z.string())),
  /** The session and call that ran this one as a sub-agent's ({@link ParentLinkSchema}); absent on other sessions. */
  parent: z.optional(ParentLinkSchema),
  /**
   * The refs of the calls that have an approvals inbox document (`approvals/{approvalId(id, ref)}`),
   * one field each, named by a hash of the ref: what the cleanup deletes with the session, without
   * a query. Absent in documents created before it existed.
   */
  inbox: z.optional(z.record(z.string(), z.string())),
  /**
   * JSON text of the session's branches (`BranchListSchema`, read with `branchesOf`): `history` is
   * then their journal, and the head's history is `headLines` of it. Absent on a session never forked.
   */
  branches: z.optional(z.nullable(z.string())),
  /** The turns' ends (`SnapshotSchema` as JSON text, read with `snapshotsOf`), keyed by id; absent before the first. */
  snapshots: z.optional(z.record(z.string(), z.string())),
  /** The artifacts' versions (JSON text, `ArtifactFieldSchema`, read with `artifactsOf`; a branch's are `artifactsOn` it), one field a version, named by a hash of its branch, version and name; absent until one is written. */
  artifacts: z.optional(z.record(z.string(), z.string())),
  history: HistoryFieldSchema,
});
export type SessionDoc = z.infer<typeof SessionDocSchema>;

const sixDigits = (index: number): string => String(index).padStart(6, '0');

/** The field of `history.lines` that holds tail line `index` (message `index` of the history). */
export const lineKey = (index: number): string => `m${sixDigits(index)}`;

/** The id of chunk document `index` under a session. */
export const chunkId = (index: number): string => `c${sixDigits(index)}`;

/** The tail lines of `history` as one text. */
export function tailOf(history: HistoryField): string {
  let tail = '';
  for (let i = history.sealed; i < history.length; i++) tail += history.lines[lineKey(i)] ?? '';
  return tail;
}

/**
 * The lines of a history (one JSON message each) from its chunk texts (in order) and tail;
 * undefined when they don't add up to the layout (a chunk was re-written between two reads).
 */
export function historyLines(layout: HistoryLayout, chunkTexts: readonly string[], tail: string): string[] | undefined {
  const lines = (chunkTexts.join('') + tail).split('\n');
  lines.pop();
  return lines.length === layout.length && chunkTexts.length === layout.chunks.length ? lines : undefined;
}

/**
 * When a stored message was made (epoch ms): its `metadata.at`, set by the write that first stored
 * it (a user's message by the write that admitted it, a model's message and a tool message by the
 * journal write that recorded it). A message a later write revised (an answer stamped on a call)
 * keeps its time. It is the session's, never sent to a model; undefined for a message stored
 * before messages had times.
 */
export function messageTimeOf(message: { metadata?: Record<string, unknown> | undefined }): number | undefined {
  const at = message.metadata?.at;
  return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}

/** The collection beside each session's history that holds what other calls ask of it (`stop`, `queue`). */
export const CONTROL_COLLECTION = 'control';
/** The id of the queue document in {@link CONTROL_COLLECTION}. */
export const QUEUE_DOC_ID = 'queue';

/** One message waiting in a session's queue for the turns before it. */
export const QueuedMessageSchema = z.object({
  /** The request id its turn runs under (the client's, or one the kit gave it). */
  requestId: z.string(),
  /** Who sent it (the session's owner). */
  uid: z.string(),
  /** JSON text of the user message, as the turn will store it. */
  message: z.string(),
  /** A digest of the request: the same request id with another message is refused. */
  digest: z.string(),
  /** When it was queued (epoch ms). */
  at: z.number(),
  /** Set when a queue run took it to run (it can no longer be withdrawn); absent while it only waits. */
  claimed: z.optional(z.boolean()),
});
export type QueuedMessage = z.infer<typeof QueuedMessageSchema>;

/**
 * The queue document (`sessions/{id}/control/queue`): messages sent while a turn ran, oldest
 * first, answered in that order by the server. A document of its own, never a field of the
 * session: every journal write is a compare-and-set on the session document, so a queued
 * message written there would cost the running turn its lease. The head stays in it while its
 * turn runs (it leaves once journaled and answered), so a message is never lost between the two.
 * `expireAt` is the field of the `control` collection group's TTL policy.
 */
export const QueueDocSchema = z.object({
  ownerUid: z.string(),
  items: z.array(QueuedMessageSchema),
  updatedAt: TimeSchema,
  expireAt: TimeSchema,
});
export type QueueDoc = z.infer<typeof QueueDocSchema>;

/** The id of the live document in {@link CONTROL_COLLECTION}: the running round's words so far. */
export const LIVE_DOC_ID = 'live';

/**
 * The live document (`sessions/{id}/control/live`): the words of the model call a turn is
 * streaming, written by the server at most once a second while they arrive (never for a round
 * that ends within its first second), so every watcher of the session (a second device, a
 * reload) sees them, not only the connection that asked. It stands for the round that begins
 * at history index `from` of the turn that holds lease `leaseId`: once the session's history
 * reaches past `from`, or another lease (or none) holds the session, the journal has replaced it
 * and a watcher ignores it (so no write is needed to clear it). It carries the turn's steps the
 * journal has not stored yet (`steps`), so a watcher that opened mid-turn shows the whole turn. The
 * owner reads it; nobody but the server writes it.
 */
export const LiveDocSchema = z.object({
  ownerUid: z.string(),
  leaseId: z.string(),
  /** The history index the round's model message will take once journaled. */
  from: count,
  /** The round's text so far. */
  text: z.string(),
  /** The round's visible reasoning so far, when the model shows any. */
  reasoning: z.optional(z.string()),
  /**
   * The turn's messages before `from` that its journal has not stored yet, as history lines (one
   * message as JSON each): the rounds of tools declared `sideEffects: 'none'`, whose results ride
   * with the turn's next write. They take the history indices just before `from`, so a watcher
   * shows them, in order, before the live words. Absent when there are none (or they are too large).
   */
  steps: z.optional(z.array(z.string())),
  updatedAt: TimeSchema,
  expireAt: TimeSchema,
});
export type LiveDoc = z.infer<typeof LiveDocSchema>;
