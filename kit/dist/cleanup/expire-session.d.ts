import { type PendingInterrupt } from '../agent/index.js';
import { type Session } from '../session/index.js';
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
export declare function expireSession(session: Session, now: number): ExpiredSession;
