import { isKitError, KitError } from '../../errors/index.js';
import { redactSession } from '../../session/redact-session.js';
import { withSnapshot } from '../../session/session-branches.js';
import type { Session } from '../../session/session-schema.js';
import { isWriteConflict, type SessionRecord, type SessionStore } from '../../session/session-store.js';
import { type TimedCopies, timedHistory } from '../../session/timed-history.js';
import { chargeOf, tokensOf, type UsageCharge } from '../../usage/index.js';
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
export class TurnWriter {
  readonly leaseId: string;
  /** Fires when a write fails; the turn's generation runs under it. */
  readonly signal: AbortSignal;
  private current: SessionRecord;
  private readonly store: SessionStore;
  private readonly timing: TurnTiming;
  private readonly controller = new AbortController();
  private queue: Promise<unknown> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;
  /** A release was asked for: nothing but a release may be written any more, and heartbeats stop. */
  private releasing = false;
  /** A release was written: the turn holds nothing. */
  private released = false;
  private lost = false;
  /** The timed copies of the messages this turn's writes added (see `timedHistory`). */
  private readonly timed: TimedCopies = new Map();
  private readonly onCommitted: ((before: Session, after: Session) => void) | undefined;
  /** Tokens the turn's model calls spent that no stored write has charged yet. */
  private unsaved = 0;

  /** `onCommitted`: told of each write once it is stored (what it replaced, what it wrote). */
  constructor(
    store: SessionStore,
    record: SessionRecord,
    timing: TurnTiming,
    onCommitted?: (before: Session, after: Session) => void,
  ) {
    const lease = record.session.lease;
    if (!lease) throw new KitError('internal', `session '${record.session.id}' has no lease to write under`);
    this.store = store;
    this.current = record;
    this.timing = timing;
    this.leaseId = lease.id;
    this.signal = this.controller.signal;
    this.onCommitted = onCommitted;
  }

  /** True once a write found the session taken over: nothing of this turn may be written any more. */
  get leaseLost(): boolean {
    return this.lost;
  }

  /** The session as last written. */
  get session(): Session {
    return this.current.session;
  }

  /** The turn's clock now (epoch ms). */
  now(): number {
    return this.timing.clock();
  }

  /** True once a write gave the lease up. */
  get hasReleased(): boolean {
    return this.released;
  }

  /**
   * Writes `update(session)`, after every write queued before it. A release that failed may be
   * asked for again (with what the turn can still say): only a release that was written is final.
   */
  commit(update: (session: Session) => Session, options: CommitOptions = {}): Promise<SessionRecord> {
    if (this.released || (this.releasing && !options.release)) {
      return Promise.reject(
        new KitError('internal', `the turn on session '${this.session.id}' has given its lease up`),
      );
    }
    // Decided now, not when the write runs: a heartbeat queued later must not take the lease back.
    if (options.release) {
      this.releasing = true;
      this.stopHeartbeat();
    }
    const run = this.queue.then(() => this.write(update, options));
    this.queue = run.catch(() => undefined);
    if (!options.release) return run;
    return run.then((written) => {
      this.released = true;
      return written;
    });
  }

  /**
   * Counts a model call's tokens: the turn's next write charges them to the session's owner, in
   * the commit that journals what the call produced (a write that fails leaves them for the next).
   */
  spend(usage: { inputTokens?: number; outputTokens?: number } | undefined): void {
    this.unsaved += tokensOf(usage);
  }

  /** Ends the turn: what it would do next could not be recorded (or checked) any more. */
  fail(error: unknown): KitError {
    const reason = isKitError(error)
      ? error
      : new KitError('unavailable', `session '${this.session.id}' could not be read or written`, { cause: error });
    if (!this.signal.aborted) this.controller.abort(reason);
    return reason;
  }

  /** Renews the lease every third of its length while a long turn runs. */
  startHeartbeat(): void {
    const every = Math.max(1000, Math.floor(this.timing.leaseMs / 3));
    this.heartbeat = setInterval(() => {
      if (!this.releasing) this.commit((s) => s).catch(() => undefined);
    }, every);
    this.heartbeat.unref();
  }

  stopHeartbeat(): void {
    clearInterval(this.heartbeat);
  }

  private async write(update: (session: Session) => Session, options: CommitOptions): Promise<SessionRecord> {
    // After a failure only the release may still be tried (it fails by itself if the lease is gone).
    if (this.signal.aborted && !options.release) throw this.signal.reason;
    const before = this.current.session;
    const now = this.timing.clock();
    const { lease: _lease, ...changed } = update(before);
    const written: Session = redactSession(before, {
      ...changed,
      // Each message this write adds is stamped with its time (`metadata.at`): the time rides the write.
      history: timedHistory(before.history, changed.history, now, this.timed),
      version: before.version + 1,
      updatedAt: now,
      expireAt: now + this.timing.sessionTtlMs,
    });
    // The write that ends the turn (it sets the outcome) records the end as a snapshot.
    const next = written.outcome !== undefined && written.outcome !== before.outcome ? withSnapshot(written) : written;
    if (!options.release) next.lease = { id: this.leaseId, expiresAt: now + this.timing.leaseMs };
    else if (options.lapse) next.lease = { id: this.leaseId, expiresAt: now };
    const charge = this.takeCharge(before, now);
    try {
      this.current = await this.store.write(this.current, next, { fence: this.leaseId, ...(charge && { charge }) });
    } catch (error) {
      if (charge) this.unsaved += charge.tokens;
      if (!isWriteConflict(error)) throw this.fail(error);
      this.lost = true;
      throw this.fail(
        new KitError('aborted', `session '${before.id}' was taken over by another call; retry`, { cause: error }),
      );
    }
    this.onCommitted?.(before, this.current.session);
    return this.current;
  }

  /** The charge the next write carries: every unsaved token, when the store charges usage. */
  private takeCharge(session: Session, now: number): UsageCharge | undefined {
    if (!this.store.chargesUsage || this.unsaved <= 0) return undefined;
    const charge = chargeOf(session, this.unsaved, now);
    this.unsaved = 0;
    return charge;
  }
}
