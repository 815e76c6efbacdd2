import type { DocumentDb, UpdateTime } from '../../firestore/index.js';
import type { HistoryLayout, HistoryLimits } from './history-layout.js';

/** One Firestore call the store made, with the documents it read and wrote (billing units). */
export interface StoreOperation {
  /**
   * `live`: a write of the running round's words (`control/live`), beside the session. `count`: a
   * `count()` of the waiting approvals (billed one read per 1,000 documents counted, at least one).
   */
  kind: 'get' | 'getAll' | 'commit' | 'delete' | 'query' | 'live' | 'count';
  reads: number;
  writes: number;
  /** For a commit: about how many bytes it sent (its fields and chunk texts, as JSON). */
  bytes?: number;
  /** A notice's (`onApprovalWaiting`'s claim, its mark, the cleanup's scan), never a turn's own. */
  notice?: true;
}

/** Options of {@link FirestoreSessionStore}. */
export interface FirestoreSessionStoreOptions {
  /**
   * firebase-admin's Firestore, or a `RestFirestore` (a cold instance's: it has no queries, so no
   * `scan` and no `delete` without the stored copy; the cleanup job runs on the SDK's).
   */
  firestore: DocumentDb;
  /** Put before every collection name, so tenants (or tests) don't share data. Default ''. */
  prefix?: string;
  /**
   * Collection names before the prefix. Defaults: `sessions`, `history` (under a session),
   * `approvals` (the approvals inbox: a document per waiting call, written with its session).
   */
  collections?: { sessions?: string; history?: string; approvals?: string };
  /**
   * The usage counters' collection (`FirestoreUsageCounters`' own, not prefixed): when set, a write
   * that journals model tokens adds them to `{collection}/{owner}_{day}` in its own commit, so the
   * budgets count every turn (queued, approved, continued, failed). Off when not given.
   */
  usageCollection?: string;
  /** How history is cut into documents. */
  limits?: HistoryLimits;
  /** Told about every Firestore call the store makes (metrics, benchmarks). */
  onOperation?: (operation: StoreOperation) => void;
  /**
   * How long one Firestore call may take before the store gives up with `unavailable`. The client
   * itself retries an unreachable backend for minutes; a turn must fail inside its deadline
   * instead. Writes are compare-and-set, so a commit that still lands later can't do harm.
   * Default {@link DEFAULT_FIRESTORE_CALL_TIMEOUT_MS}.
   */
  callTimeoutMs?: number;
}

/** The default bound on one Firestore call of the session store. */
export const DEFAULT_FIRESTORE_CALL_TIMEOUT_MS = 8_000;

/** What a record carries for the next write: the copy's update time, its layout, its chunks' expiry. */
export interface FirestoreStorage {
  updateTime: UpdateTime;
  /** Unknown for a scanned document whose history field does not parse. */
  layout: HistoryLayout | undefined;
  /** Epoch ms: when the history chunks may expire (every chunk's `expireAt` is at least this). */
  chunksExpireAt: number | undefined;
  /**
   * A scanned copy's: the refs of the inbox documents its `inbox` field names (undefined for a
   * document created before the field existed). A loaded record's session names its own.
   */
  inbox?: readonly string[];
  /** False for a loaded copy of a document created before its `inbox` field existed: its next write adds the field whole. */
  inboxed?: boolean;
}
