import type { Snapshot } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import { type Message, type Part, toolResponsesOf } from '../../model/index.js';
import {
  forkedBranches,
  journalOf,
  type Session,
  type SessionBranches,
  type Summary,
  snapshotView,
} from '../../session/index.js';

/**
 * A call that goes on from a snapshot instead of the head: the history as of the snapshot (the
 * new branch's base), the branches with the new one as head, and what the snapshot kept of then.
 */
export interface Fork {
  snapshot: Snapshot;
  base: Message[];
  branches: SessionBranches;
  state: unknown;
  /** The summary, when it covers no message past the fork point; undefined otherwise. */
  summary: Summary | undefined;
  /** The calls that ran on other branches and are not in the base: their effects stand. */
  effects: Part[];
}

/** The refusal of a snapshot id the session does not have (another session's, an evicted or made-up one). */
export function snapshotNotFound(sessionId: string, id: string): KitError {
  return new KitError('not-found', `session '${sessionId}' has no snapshot '${id}'`, { reason: 'SNAPSHOT_NOT_FOUND' });
}

/** The tool results stored on any branch that `base` does not hold: what already happened in the world. */
function effectsBeside(session: Session, base: readonly Message[]): Part[] {
  const kept = new Set(base);
  return journalOf(session)
    .filter((message) => !kept.has(message))
    .flatMap((message) => toolResponsesOf(message))
    .map(({ toolResponse }) => ({ toolResponse: { ...toolResponse } }));
}

/**
 * Binds a call's `snapshotId` to the stored session: only a snapshot this session recorded (its
 * ids name their session, so another session's never matches) is gone on from. The caller owns
 * the session (admitCall checked it first). A snapshot whose state was too large to keep can't be
 * gone on from: the branch would run with a state it never had.
 */
export function gateFork(session: Session, snapshotId: string): Fork {
  const view = snapshotView(session, snapshotId);
  if (!view) throw snapshotNotFound(session.id, snapshotId);
  const { snapshot, history, state } = view;
  if (snapshot.stateKept === false) {
    throw new KitError('failed-precondition', `snapshot '${snapshotId}' did not keep its state: it was too large`, {
      reason: 'SNAPSHOT_STATE_NOT_KEPT',
    });
  }
  const summary = session.summary && session.summary.upTo <= snapshot.length ? session.summary : undefined;
  return {
    snapshot,
    base: history,
    branches: forkedBranches(session, snapshot, snapshot.length),
    state,
    summary,
    effects: effectsBeside(session, history),
  };
}
