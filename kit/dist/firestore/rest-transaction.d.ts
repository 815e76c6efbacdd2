import { type BackoffSettings } from './backoff.js';
import type { DocumentSnap, DocumentTransaction } from './document-db.js';
import { type WriteClient } from './rest-batch.js';
/** Whether the SDK would run a transaction again after `error`. */
export declare function isRetryableTransactionError(error: unknown): boolean;
/** How a transaction's attempts wait, and how many there are. */
export interface TransactionRetrySettings extends BackoffSettings {
    readonly attempts: number;
}
/**
 * The SDK's: 5 attempts; the first at once, then 1 s × 1.5 up to 60 s, each between half and one
 * and a half times that; after RESOURCE_EXHAUSTED, the longest.
 */
export declare const TRANSACTION_RETRY: TransactionRetrySettings;
/** A read in a transaction: in one begun by an earlier read, or beginning one (`newTransaction`). */
export type TransactionRead = {
    transaction: string;
} | {
    newTransaction: {
        readWrite: {
            retryTransaction?: string;
        };
    };
};
/** What a transaction needs of its client. */
export interface TransactionClient extends WriteClient {
    /** Reads documents by path; `transaction` is the one a `newTransaction` read began. */
    read(paths: readonly string[], how: TransactionRead): Promise<{
        snaps: DocumentSnap[];
        transaction?: string;
    }>;
    /** Rolls `transaction` back, unawaited: a failure is dropped (its locks lapse anyway). */
    rollback(transaction: string): void;
}
/**
 * Runs `update` in a transaction and commits it, as the SDK's `runTransaction`: run again (up to
 * `settings.attempts` in all, with backoff) after a failure the SDK retries; the failed attempt
 * rolled back, unawaited.
 */
export declare function runTransaction<T>(client: TransactionClient, update: (tx: DocumentTransaction) => Promise<T>, settings: TransactionRetrySettings): Promise<T>;
