import * as z from 'zod/mini';

// A conversation people can go back in. The stored history is a journal: messages are only ever
// appended to it (the head's last message may be restamped, as before branches). A branch is a
// run of the journal: its own messages are `journal[start, next branch's start)`, after the
// first `parent.at` messages of the branch it forked from. Only the head (the last branch) grows,
// so each branch's own messages stay one run. A session without the `branches` field has one
// branch, the whole journal: documents written before branches read unchanged.
// Each turn's end is a snapshot: a pointer into the journal (a branch and the length of its
// history then), never a copy of the history.

const count = z.int().check(z.nonnegative());

/**
 * The part metadata key that marks the note a new branch's first user message opens with (the
 * calls that ran on the branches it left): the kit's words, not the person's.
 */
export const EFFECTS_NOTE_KEY = 'branchEffects';

/**
 * The part metadata key of a result answered from another branch's journal (`{ ref }`: the call
 * that ran): an idempotent tool called again with the same input did not run again.
 */
export const NOT_RUN_AGAIN_KEY = 'notRunAgain';

/** The id of the branch of a session without branches (and of every session's first branch). */
export const ROOT_BRANCH = 'b0';

/** One branch of a session's conversation. */
export const BranchSchema = z.object({
  id: z.string(),
  /** The journal index of its first own message. */
  start: count,
  /** Where it forked: the branch, how many of its messages it keeps, the snapshot it went on from. Absent on the root. */
  parent: z.optional(z.object({ branch: z.string(), at: count, snapshot: z.string() })),
});
export type Branch = z.infer<typeof BranchSchema>;

/** The session document's `branches` (JSON text): every branch, oldest first; the last is the head. */
export const BranchListSchema = z.array(BranchSchema);

/** The most snapshots a session keeps (the oldest leave first): the document stays far from 1 MiB. */
export const MAX_SNAPSHOTS = 200;
/** The largest state (JSON characters) a snapshot keeps; a larger one is recorded as not kept. */
export const MAX_SNAPSHOT_STATE_CHARS = 2048;

/** One entry of the session document's `snapshots` map (JSON text, keyed by its id): a turn's end. */
export const SnapshotSchema = z.object({
  id: z.string(),
  /** Orders a session's snapshots; the id is made from it. */
  n: count,
  /** The snapshot the turn went on from (the branch's previous one, or the one it forked from). */
  parent: z.optional(z.string()),
  branch: z.string(),
  /** The length of the branch's history at the turn's end: the history as of the snapshot is its first `length` messages. */
  length: count,
  /** The turn's `seq`. */
  seq: count,
  /** How the turn ended (the `outcome` field's shape, as JSON). */
  outcome: z.object({ kind: z.string(), at: z.number() }),
  /** JSON text of the agent's state then; absent when there was none or it was too large to keep (`stateKept: false`). */
  state: z.optional(z.string()),
  stateKept: z.optional(z.boolean()),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** The id of every session's root snapshot: the empty conversation, before its first message. */
export const ROOT_SNAPSHOT_ID = 'root';

/**
 * Every session's root snapshot: the root branch's first 0 messages, no state. Never stored (each
 * session has it, from its creation on): a message that goes on from it (`snapshotId: 'root'`)
 * edits the first message, on a new branch with an empty history. Its outcome is no turn's.
 */
export const ROOT_SNAPSHOT: Snapshot = {
  id: ROOT_SNAPSHOT_ID,
  n: 0,
  branch: ROOT_BRANCH,
  length: 0,
  seq: 0,
  outcome: { kind: 'created', at: 0 },
};

/** The id of a session's `n`th snapshot. */
export const snapshotId = (n: number): string => `s${n}`;

/** The branch list of the `branches` field's JSON text; undefined when absent or not one. */
export function branchesOf(text: string | null | undefined): Branch[] | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed = BranchListSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.length ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The snapshots of the `snapshots` map, oldest first (entries that are not one are skipped). */
export function snapshotsOf(fields: Record<string, string> | null | undefined): Snapshot[] {
  const out: Snapshot[] = [];
  for (const text of Object.values(fields ?? {})) {
    try {
      const parsed = SnapshotSchema.safeParse(JSON.parse(text));
      if (parsed.success) out.push(parsed.data);
    } catch {
      // not a snapshot: skipped
    }
  }
  return out.sort((a, b) => a.n - b.n);
}

/** The journal index where each branch's own messages end (the next one's start; the journal's end for the head). */
function endOf(branches: readonly Branch[], index: number, journalLength: number): number {
  return branches[index + 1]?.start ?? journalLength;
}

/**
 * The journal indices of branch `id`'s history, in order (its first `length` messages, all of them
 * when `length` is undefined); undefined when there is no such branch or it is shorter.
 */
export function branchIndices(
  branches: readonly Branch[],
  journalLength: number,
  id: string,
  length?: number,
): number[] | undefined {
  const index = branches.findIndex((b) => b.id === id);
  const branch = branches[index];
  if (!branch) return undefined;
  const own: number[] = [];
  for (let i = branch.start; i < endOf(branches, index, journalLength); i++) own.push(i);
  let indices = own;
  if (branch.parent) {
    const base = branchIndices(branches.slice(0, index), branch.start, branch.parent.branch, branch.parent.at);
    if (!base) return undefined;
    indices = [...base, ...own];
  }
  if (length === undefined) return indices;
  return length <= indices.length ? indices.slice(0, length) : undefined;
}

/** One run of a branch's history: the messages of branch `branch` it holds are its first `upTo`. */
export interface LineageRun {
  branch: string;
  upTo: number;
}

/**
 * Where branch `id`'s first `length` messages (all when undefined) come from: the branch itself,
 * then each branch it forked from up to where it forked, nearest first; undefined when there is
 * no such branch. A message (or anything written beside one) at position p of branch b lies on
 * that history when a run of b has `upTo >= p`.
 */
export function lineageOf(branches: readonly Branch[], id: string, length?: number): LineageRun[] | undefined {
  let branch = branches.find((b) => b.id === id);
  if (!branch) return undefined;
  const runs: LineageRun[] = [];
  let upTo = length ?? Number.POSITIVE_INFINITY;
  for (;;) {
    runs.push({ branch: branch.id, upTo });
    const parent: Branch['parent'] = branch.parent;
    if (!parent) return runs;
    upTo = Math.min(upTo, parent.at);
    branch = branches.find((b) => b.id === parent.branch);
    if (!branch) return undefined;
  }
}

/** The lines of the head's history, from the journal's lines (the journal itself for a session without branches). */
export function headLines<T>(branches: readonly Branch[] | undefined, journal: readonly T[]): T[] | undefined {
  const head = branches?.at(-1);
  if (!branches || !head) return [...journal];
  return branchIndices(branches, journal.length, head.id)?.map((i) => journal[i] as T);
}
