import { KitError } from '../../errors/index.js';
import type { Session } from '../../session/session-schema.js';
import { type SessionRecord, type SessionStore } from '../../session/session-store.js';
import type { TurnTiming } from '../runtime/index.js';
/** Options of one {@link TurnWriter.commit}. */
export interface CommitOptions {
    /** Give the lease up with this write (the turn's last). */
    release?: boolean;
    /** With `release`: leave the lease on the session, lapsed now, so the server's continuation takes it at once. */
    lapse?: boolean;
}
/**
 * The writes of one turn, after its lease write: one at a time, each fenced by the lease and
 * renewing it, each a compare-and-set on the copy the previous write produced. A failed write
 * (the lease was taken over, or the store failed) aborts the turn: nothing may run after the
 * session can no longer record it.
 */
export declare class TurnWriter {
    readonly leaseId: string;
    /** Fires when a write fails; the turn's generation runs under it. */
    readonly signal: AbortSignal;
    private current;
    private readonly store;
    private readonly timing;
    private readonly controller;
    private queue;
    private heartbeat;
    /** A release was asked for: nothing but a release may be written any more, and heartbeats stop. */
    private releasing;
    /** A release was written: the turn holds nothing. */
    private released;
    private lost;
    constructor(store: SessionStore, record: SessionRecord, timing: TurnTiming);
    /** True once a write found the session taken over: nothing of this turn may be written any more. */
    get leaseLost(): boolean;
    /** The session as last written. */
    get session(): Session;
    /** True once a write gave the lease up. */
    get hasReleased(): boolean;
    /**
     * Writes `update(session)`, after every write queued before it. A release that failed may be
     * asked for again (with what the turn can still say): only a release that was written is final.
     */
    commit(update: (session: Session) => Session, options?: CommitOptions): Promise<SessionRecord>;
    /** Ends the turn: what it would do next could not be recorded (or checked) any more. */
    fail(error: unknown): KitError;
    /** Renews the lease every third of its length while a long turn runs. */
    startHeartbeat(): void;
    stopHeartbeat(): void;
    private write;
}
