import type { Session, SessionStatus } from './session-schema.js';
import type { SessionRecord, SessionStore, SessionVersion } from './session-store.js';

/** One page of a sweep over stored sessions, oldest `updatedAt` first. */
export interface SessionScan {
  /** Only sessions last updated before this time (epoch ms). */
  updatedBefore: number;
  /** Only sessions last updated at or after this time (epoch ms). */
  updatedFrom?: number;
  /** Only sessions in one of these statuses. */
  statuses?: readonly SessionStatus[];
  /**
   * Only sessions that wait for a person, by the time they began waiting (their indexed
   * `waitingSince`, oldest first) instead of `updatedAt`: sessions with nothing pending are
   * never read, however many there are. `statuses` is ignored.
   */
  waiting?: boolean;
  /** The most sessions in the page. */
  limit: number;
  /**
   * Only the fields a sweep decides on are read (the scanned session's, not its history): a page
   * that costs Firestore and the process a fraction of whole documents. `read()` then reads the
   * session again, and fails as a write conflict when it changed since the scan.
   */
  fieldsOnly?: boolean;
  /** The last session of the previous page: the page starts after it. */
  after?: ScannedSession;
}

/**
 * A session as a sweep finds it: the fields a sweep decides on, without parsing its history
 * (a document that no longer parses can still be deleted), and the whole record on demand.
 */
export interface ScannedSession extends SessionVersion {
  id: string;
  status: string;
  /** Epoch ms. */
  updatedAt: number;
  /** Epoch ms when the lease of a running turn ends, if the session has one. */
  leaseExpiresAt?: number;
  /** A sub-agent's session: the session whose call ran it (its `parent` link). */
  parentSessionId?: string;
  /** The whole session as the scan read it (its history chunks are read now, if it has any). */
  read(): Promise<SessionRecord>;
}

/** A conditional write of a session, as the store's `write` takes it. */
export interface SessionWrite {
  expected: SessionRecord;
  written: Session;
}

/** A session to delete if it is still the copy read (a scanned one, say). */
export interface SweptSession extends SessionVersion {
  id: string;
}

/**
 * A session store a cleanup job can sweep: it finds sessions by age and status. Deleting sessions and expiring them go through the store's own
 * conditional `delete` and `write`, so a sweep never overwrites what a turn wrote after it looked.
 */
export interface SweepableSessionStore extends SessionStore {
  /** One page of the sessions `query` names. */
  scan(query: SessionScan): Promise<ScannedSession[]>;
  /** Which of sessions `ids` are stored: one batched read of their documents, not one call each. */
  existing(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Writes each session as `write` does, compare-and-set on the copy it was read as, several in
   * one commit: each session's writes stay all or none. When one changed since it was read, the
   * others are still written and it alone fails (a write conflict). Outcomes in the order given.
   */
  writeAll(writes: readonly SessionWrite[]): Promise<PromiseSettledResult<SessionRecord>[]>;
  /**
   * Deletes each session, with all it owns, if it is still the copy given, as `delete` with
   * `expected` does, several in one commit, with the same outcomes as {@link writeAll}.
   */
  deleteAll(sessions: readonly SweptSession[]): Promise<PromiseSettledResult<void>[]>;
}
