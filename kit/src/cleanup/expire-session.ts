import { closeTrailingRequests, type PendingInterrupt, pendingInterruptsOf } from '../agent/index.js';
import {
  pendingOf,
  type Session,
  statusAfter,
  timedHistory,
  turnOutcome,
  withPending,
  withSnapshot,
} from '../session/index.js';

/** A session made `expired`, and the calls that expired in it. */
export interface ExpiredSession {
  session: Session;
  expired: PendingInterrupt[];
}

/**
 * `session` with its waiting calls answered in the history with an "approval expired" tool
 * error (the conversation stays valid for the model when the user writes again), status
 * `expired`, its outcome `expired` at `now`, one version up and no lease. `updatedAt` and
 * `expireAt` stay: they date the last turn, which is what the session's own lifetime counts from.
 */
export function expireSession(session: Session, now: number): ExpiredSession {
  const expired = pendingOf(session.history).interrupts.flatMap(pendingInterruptsOf);
  // The tool message that answers them is stamped with the time of the expiry's write, as any message is.
  const history = timedHistory(session.history, closeTrailingRequests(session.history, 'expired'), now);
  const { lease: _lease, error: _error, ...rest } = session;
  // Derived here too (the store derives on write): `onExpired` reads this copy.
  const status = statusAfter('expired', history);
  const outcome = turnOutcome(session.turn, now, { kind: 'expired' });
  const next: Session = withSnapshot(withPending({ ...rest, history, status, outcome, version: session.version + 1 }));
  return { session: next, expired };
}
