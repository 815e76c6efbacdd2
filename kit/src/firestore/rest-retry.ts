import type { BackoffSettings } from './backoff.js';
import type { RestWrite } from './rest-write.js';

// The retry table: which answers each REST call is sent again after, read from the SDK's own
// (node_modules/@google-cloud/firestore-api/build/src/v1/firestore_client_config.json), made
// stricter for commits where a second application could not be told from the first.
// Besides this table, the transport sends any call again, once, after a 401 (a refused token was
// applied to nothing), and after a stale kept-alive connection (the server never read the request).

const DEADLINE_EXCEEDED = 4;
const RESOURCE_EXHAUSTED = 8;
const ABORTED = 10;
const INTERNAL = 13;
const UNAVAILABLE = 14;

/** A Firestore REST method the client calls. */
export type RestMethod = 'batchGet' | 'commit' | 'rollback' | 'runAggregationQuery';

/**
 * Reads: gax's BatchGetDocuments codes (DEADLINE_EXCEEDED, INTERNAL, UNAVAILABLE) and
 * RESOURCE_EXHAUSTED, as gax's GetDocument: a read sent twice changes nothing.
 */
const READ: ReadonlySet<number> = new Set([DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, INTERNAL, UNAVAILABLE]);
/** gax's RunAggregationQuery codes: a count asked twice is a count. */
const QUERY: ReadonlySet<number> = new Set([DEADLINE_EXCEEDED, INTERNAL, UNAVAILABLE]);
/** gax's Rollback codes: a transaction rolled back twice is rolled back. */
const ROLLBACK: ReadonlySet<number> = new Set([DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, INTERNAL, UNAVAILABLE]);
/**
 * A commit whose every write is fenced (see {@link isFenced}): the answers that say it was refused.
 * The fence makes a misjudged repeat fail visibly (ALREADY_EXISTS, FAILED_PRECONDITION, NOT_FOUND)
 * rather than apply twice. An UNAVAILABLE or DEADLINE_EXCEEDED commit may have been applied: never
 * sent again, though the SDK sends a plain commit again after UNAVAILABLE.
 */
const FENCED_COMMIT: ReadonlySet<number> = new Set([ABORTED, RESOURCE_EXHAUSTED]);
const NONE: ReadonlySet<number> = new Set();

/**
 * Whether `write`'s precondition would be false once the write was applied: a write of a document
 * that must not exist, a delete of one that must, any write of one that must carry an update time
 * (a write that changes the document changes its update time; one that changes nothing changes
 * nothing when repeated).
 */
export function isFenced(write: RestWrite): boolean {
  const current = write.currentDocument;
  if (current?.updateTime !== undefined) return true;
  if (current?.exists === false) return write.update !== undefined;
  if (current?.exists === true) return write.delete !== undefined;
  return false;
}

/** The body of a call, as far as the table reads it. */
export interface RestCallBody {
  readonly writes?: readonly RestWrite[];
  readonly transaction?: string;
  readonly [field: string]: unknown;
}

/**
 * The gRPC codes after which a call of `method` with `body` is sent again. A commit's depend on
 * its writes; a transaction's commit is never sent again by itself: its transaction runs again or
 * not (rest-transaction.ts).
 */
export function retriedCodes(method: RestMethod, body: RestCallBody): ReadonlySet<number> {
  switch (method) {
    case 'batchGet':
      return READ;
    case 'rollback':
      return ROLLBACK;
    case 'runAggregationQuery':
      return QUERY;
    case 'commit': {
      const { writes = [], transaction } = body;
      return !transaction && writes.length > 0 && writes.every(isFenced) ? FENCED_COMMIT : NONE;
    }
  }
}

/** How repeated calls wait, and how long a call may take with all its attempts. */
export interface CallRetrySettings extends BackoffSettings {
  /** A call is not sent again once this long has passed since its first attempt. */
  readonly totalMs: number;
}

/**
 * gax's backoff for Firestore (100 ms, ×1.3, up to 60 s). The total deadline is 60 s, not gax's
 * 600 s: no function call waits ten minutes for a store.
 */
export const CALL_RETRY: CallRetrySettings = { initialMs: 100, multiplier: 1.3, maxMs: 60_000, totalMs: 60_000 };
