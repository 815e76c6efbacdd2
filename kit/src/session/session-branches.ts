import { createHash } from 'node:crypto';
import {
  artifactsOn,
  type Branch,
  branchIndices,
  MAX_SNAPSHOT_STATE_CHARS,
  MAX_SNAPSHOTS,
  ROOT_BRANCH,
  ROOT_SNAPSHOT,
  ROOT_SNAPSHOT_ID,
  type Snapshot,
} from '@callable-flows/protocol';
import type { Artifact, Message } from '../model/index.js';
import type { Session, SessionBranches } from './session-schema.js';

// A session's journal and its branches (the protocol's session-branches says how they lie). The
// kit's Session holds the head's history as `history`, the journal's other messages as
// `branches.prior`: the model, the codec of one turn and every check read the head alone.

/** The branch `history` is: the last one, or the root of a session never forked. */
export function headBranchOf(session: Pick<Session, 'branches'>): Branch {
  return session.branches?.list.at(-1) ?? { id: ROOT_BRANCH, start: 0 };
}

/** How many messages of its parent's the head keeps: its own messages are `history` from here. */
export const headOwnFrom = (session: Pick<Session, 'branches'>): number => headBranchOf(session).parent?.at ?? 0;

/** Every message the session stored, in the order it stored them: `history` for a session never forked. */
export function journalOf(session: Pick<Session, 'branches' | 'history'>): Message[] {
  const { branches } = session;
  if (!branches) return session.history;
  return [...branches.prior, ...session.history.slice(headOwnFrom(session))];
}

/** The first `length` messages (all when undefined) of branch `id`; undefined when it has none such. */
export function branchHistory(
  session: Pick<Session, 'branches' | 'history'>,
  id: string,
  length?: number,
): Message[] | undefined {
  const journal = journalOf(session);
  const list = session.branches?.list ?? [{ id: ROOT_BRANCH, start: 0 }];
  return branchIndices(list, journal.length, id, length)?.map((i) => journal[i] as Message);
}

/** The id of snapshot `n` of session `sessionId`: another session's snapshot never has it. */
export function snapshotIdOf(sessionId: string, n: number): string {
  return `s${n}-${createHash('sha256').update(sessionId).digest('base64url').slice(0, 10)}`;
}

/** The snapshot the head's next turn goes on from: its branch's last, or the one it forked from. */
export function headSnapshotOf(session: Pick<Session, 'branches' | 'snapshots'>): string | undefined {
  const head = headBranchOf(session);
  return session.snapshots?.findLast((s) => s.branch === head.id)?.id ?? head.parent?.snapshot;
}

/** The state a snapshot keeps: its JSON text, or `stateKept: false` when too large. */
function keptState(state: unknown): Pick<Snapshot, 'state' | 'stateKept'> {
  if (state === undefined) return {};
  const text = JSON.stringify(state);
  return text.length <= MAX_SNAPSHOT_STATE_CHARS ? { state: text } : { stateKept: false };
}

/**
 * `session`, whose turn just ended (its `outcome` set by the same write), with that end recorded
 * as a snapshot: a pointer into the journal (the head branch and its length), its parent, the
 * outcome and the state. The oldest snapshots leave past {@link MAX_SNAPSHOTS}. It rides on the
 * write that ends the turn: no write of its own.
 */
export function withSnapshot(session: Session): Session {
  const { outcome } = session;
  if (!outcome) return session;
  const before = session.snapshots ?? [];
  const n = (before.at(-1)?.n ?? 0) + 1;
  const parent = headSnapshotOf(session);
  const snapshot: Snapshot = {
    id: snapshotIdOf(session.id, n),
    n,
    ...(parent === undefined ? {} : { parent }),
    branch: headBranchOf(session).id,
    length: session.history.length,
    seq: session.turn?.seq ?? Math.max(0, session.turns - 1),
    outcome: { kind: outcome.kind, at: outcome.at },
    ...keptState(session.state),
  };
  return { ...session, snapshots: [...before, snapshot].slice(-MAX_SNAPSHOTS) };
}

/** What a session looks like as of one of its snapshots. */
export interface SnapshotView {
  snapshot: Snapshot;
  history: Message[];
  /** The state then; undefined when there was none or it was not kept (`snapshot.stateKept === false`). */
  state: unknown;
  /** The artifacts then (the snapshot's branch's, as of its length), by name: those the session still keeps. */
  artifacts: Artifact[];
}

/**
 * Session `session` as of its snapshot `id` (its root, `ROOT_SNAPSHOT_ID`, the empty conversation
 * every session has); undefined when it has no such snapshot.
 */
export function snapshotView(session: Session, id: string): SnapshotView | undefined {
  if (id === ROOT_SNAPSHOT_ID) return { snapshot: ROOT_SNAPSHOT, history: [], state: undefined, artifacts: [] };
  const snapshot = session.snapshots?.find((s) => s.id === id);
  if (!snapshot) return undefined;
  const history = branchHistory(session, snapshot.branch, snapshot.length);
  if (!history) return undefined;
  const state = snapshot.state === undefined ? undefined : JSON.parse(snapshot.state);
  const artifacts = artifactsOn(session.artifacts ?? [], session.branches?.list, snapshot.branch, snapshot.length);
  return { snapshot, history, state, artifacts };
}

/** The session's branches with a new head forked at `snapshot` (its own messages start at the journal's end). */
export function forkedBranches(session: Session, snapshot: Snapshot, at: number): SessionBranches {
  const list = session.branches?.list ?? [{ id: ROOT_BRANCH, start: 0 }];
  const prior = journalOf(session);
  const branch: Branch = {
    id: `b${list.length}`,
    start: prior.length,
    parent: { branch: snapshot.branch, at, snapshot: snapshot.id },
  };
  return { list: [...list, branch], prior };
}
