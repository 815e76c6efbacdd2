import {
  type ArtifactField,
  artifactsOn,
  type Branch,
  branchIndices,
  outcomeOf,
  ROOT_BRANCH,
  ROOT_SNAPSHOT,
  ROOT_SNAPSHOT_ID,
  type Snapshot,
  type TurnOutcome,
} from '@callable-flows/protocol/session-doc';
import { FlowError } from './flow-error.js';
import type { WatchedMessage } from './watched-message.js';

// A session's branches as a client reads them, from the session document alone: the journal of
// every branch is in the document and its chunks, so showing another branch, reading a snapshot
// and picking the snapshot an edit goes on from cost no call and no read.

/** Where the shown branch's messages could read otherwise: the versions of one message. */
export interface MessageVersions {
  /** The message's index in `messages`. */
  index: number;
  /** One branch per version of the message, oldest version first: showing it shows that version (its newest branch). */
  branches: string[];
  /** Which version is shown (0-based): a UI draws `< shown + 1 / branches.length >`. */
  shown: number;
}

/** What a session's branches are, as a view holds them. */
export interface BranchLayout {
  /** The branch `messages` are of: the head unless `showBranch` picked another. */
  branch: string;
  /** The branch the next message goes on from (the newest): `send` continues it. */
  head: string;
  /** Every branch, oldest first (one, `b0`, for a session never forked). */
  branches: Branch[];
  /** Every message of every branch, in the order the session stored them (`messages` for a session never forked). */
  journal: WatchedMessage[];
  /** The turns' ends the session keeps (its newest 200), oldest first. */
  snapshots: Snapshot[];
  /** The messages where branches diverge, in order: only those with more than one version. */
  versions: MessageVersions[];
}

/** A session as of one of its snapshots. */
export interface SnapshotRead {
  snapshot: Snapshot;
  /** The history then (the snapshot's branch, its first `snapshot.length` messages). */
  messages: WatchedMessage[];
  /** The state then; undefined when there was none or it was too large to keep (`snapshot.stateKept === false`). */
  state: unknown;
  /** How the turn that made it ended. */
  outcome: TurnOutcome | undefined;
  /** The artifacts then (its branch's as of its length), by name: those the session still keeps. */
  artifacts: ArtifactField[];
}

const ROOT: Branch[] = [{ id: ROOT_BRANCH, start: 0 }];

/** The journal indices of every branch's history, by branch id. */
function indicesOf(branches: readonly Branch[], journalLength: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const branch of branches) out.set(branch.id, branchIndices(branches, journalLength, branch.id) ?? []);
  return out;
}

/**
 * The versions of each message of branch `shown`: at index i, the branches that share its first
 * i messages hold one version each of message i (a journal index). Two histories that hold the
 * same journal index at i share everything before it (a journal index lies on one path).
 */
function versionsOf(branches: readonly Branch[], journalLength: number, shown: string): MessageVersions[] {
  const all = indicesOf(branches, journalLength);
  const mine = all.get(shown) ?? [];
  const out: MessageVersions[] = [];
  for (let i = 0; i < mine.length; i++) {
    // journal index at i → the newest branch holding it there
    const newest = new Map<number, string>();
    for (const [id, indices] of all) {
      const at = indices[i];
      if (at === undefined || (i > 0 && indices[i - 1] !== mine[i - 1])) continue;
      newest.set(at, id);
    }
    if (newest.size < 2) continue;
    const order = [...newest.keys()].sort((a, b) => a - b);
    out.push({
      index: i,
      branches: order.map((at) => newest.get(at) as string),
      shown: order.indexOf(mine[i] as number),
    });
  }
  return out;
}

/**
 * The layout of a session whose journal is `journal`, its branches `branches` (undefined: never
 * forked), showing `shown` (default the head); undefined when it has no such branch (or the
 * journal was read at another version than the branches).
 */
export function branchLayout(
  journal: WatchedMessage[],
  branches: Branch[] | undefined,
  snapshots: Snapshot[],
  shown?: string,
): (BranchLayout & { messages: WatchedMessage[] }) | undefined {
  const list = branches ?? ROOT;
  const head = (list.at(-1) as Branch).id;
  const branch = shown ?? head;
  const indices = branchIndices(list, journal.length, branch);
  if (!indices) return undefined;
  const messages = branches ? indices.map((i) => journal[i] as WatchedMessage) : journal;
  const versions = branches ? versionsOf(list, journal.length, branch) : [];
  return { branch, head, branches: list, journal, snapshots, versions, messages };
}

/**
 * The messages of `layout` as of its snapshot `id`, and the artifacts of `artifactVersions` (a
 * view's) then; undefined when the session keeps no such snapshot.
 */
export function snapshotOf(
  layout: BranchLayout & { artifactVersions?: readonly ArtifactField[] },
  id: string,
): SnapshotRead | undefined {
  const snapshot = id === ROOT_SNAPSHOT_ID ? ROOT_SNAPSHOT : layout.snapshots.find((s) => s.id === id);
  if (!snapshot) return undefined;
  const indices = branchIndices(layout.branches, layout.journal.length, snapshot.branch, snapshot.length);
  if (!indices) return undefined;
  return {
    snapshot,
    messages: indices.map((i) => layout.journal[i] as WatchedMessage),
    state: snapshot.state === undefined ? undefined : JSON.parse(snapshot.state),
    outcome: outcomeOf(JSON.stringify(snapshot.outcome)),
    artifacts: artifactsOn(layout.artifactVersions ?? [], layout.branches, snapshot.branch, snapshot.length),
  };
}

/**
 * The snapshot whose history ends before message `index` of the shown branch, or why there is
 * none: walks the shown branch's snapshots back (each names the one its turn went on from) to the
 * newest whose history is no longer than `index`. A walk that runs out of parents ends at the
 * root snapshot (the empty conversation, before the first message); one that meets a parent no
 * longer kept ends there.
 */
function findSnapshotBefore(
  layout: BranchLayout & { messages: WatchedMessage[] },
  index: number,
): Snapshot | FlowError {
  if (layout.messages[index]?.role !== 'user') {
    return new FlowError('invalid-argument', `message ${index} is not a user message: only a user message is edited`);
  }
  const byId = new Map(layout.snapshots.map((s) => [s.id, s]));
  byId.set(ROOT_SNAPSHOT_ID, ROOT_SNAPSHOT);
  const own = layout.branches.find((b) => b.id === layout.branch);
  const id = layout.snapshots.findLast((s) => s.branch === layout.branch)?.id ?? own?.parent?.snapshot;
  // A snapshot with no parent is the root branch's first turn's: the root is before it (and before the first message alone).
  const next = (s: Snapshot) => (s === ROOT_SNAPSHOT ? undefined : byId.get(s.parent ?? ROOT_SNAPSHOT_ID));
  for (let s = byId.get(id ?? ROOT_SNAPSHOT_ID); s; s = next(s)) {
    if (s.length <= index && (s !== ROOT_SNAPSHOT || index === 0)) return s;
  }
  const why = `the snapshot before message ${index} is no longer kept (a session keeps its newest 200)`;
  return new FlowError('not-found', why, { reason: 'SNAPSHOT_NOT_FOUND' });
}

/**
 * The snapshot whose history ends before message `index` of the shown branch: the turn that
 * stored that message went on from it (the root snapshot for the first message). Throws
 * `invalid-argument` for a message that is not a user's, `SNAPSHOT_NOT_FOUND` when that snapshot
 * is no longer kept.
 */
export function snapshotBefore(layout: BranchLayout & { messages: WatchedMessage[] }, index: number): Snapshot {
  const found = findSnapshotBefore(layout, index);
  if (found instanceof FlowError) throw found;
  return found;
}

/**
 * True when message `index` of the branch `view` shows can be edited (`editMessage`): it is a
 * user's, and the snapshot before it is kept. Reads only what the view holds.
 */
export function canEdit(layout: BranchLayout & { messages: WatchedMessage[] }, index: number): boolean {
  return !(findSnapshotBefore(layout, index) instanceof FlowError);
}
