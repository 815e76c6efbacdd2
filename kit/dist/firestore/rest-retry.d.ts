import type { BackoffSettings } from './backoff.js';
import type { RestWrite } from './rest-write.js';
/** A Firestore REST method the client calls. */
export type RestMethod = 'batchGet' | 'commit' | 'rollback';
/**
 * Whether `write`'s precondition would be false once the write was applied: a write of a document
 * that must not exist, a delete of one that must, any write of one that must carry an update time
 * (a write that changes the document changes its update time; one that changes nothing changes
 * nothing when repeated).
 */
export declare function isFenced(write: RestWrite): boolean;
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
export declare function retriedCodes(method: RestMethod, body: RestCallBody): ReadonlySet<number>;
/** How repeated calls wait, and how long a call may take with all its attempts. */
export interface CallRetrySettings extends BackoffSettings {
    /** A call is not sent again once this long has passed since its first attempt. */
    readonly totalMs: number;
}
/**
 * gax's backoff for Firestore (100 ms, ×1.3, up to 60 s). The total deadline is 60 s, not gax's
 * 600 s: no function call waits ten minutes for a store.
 */
export declare const CALL_RETRY: CallRetrySettings;
