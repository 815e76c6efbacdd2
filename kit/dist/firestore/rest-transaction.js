import { Backoff, halfJitter, sleep } from './backoff.js';
import { RestWriteGathering } from './rest-batch.js';
import { RestFirestoreError } from './rest-error.js';
const CANCELLED = 1;
const UNKNOWN = 2;
const INVALID_ARGUMENT = 3;
const DEADLINE_EXCEEDED = 4;
const RESOURCE_EXHAUSTED = 8;
const ABORTED = 10;
const INTERNAL = 13;
const UNAVAILABLE = 14;
const UNAUTHENTICATED = 16;
/** The SDK's message for a read after a write in one transaction. */
const READ_AFTER_WRITE = 'Firestore transactions require all reads to be executed before all writes.';
/**
 * The SDK's transaction errors worth another attempt (transaction.js, isRetryableTransactionError,
 * after the web SDK's list), an expired transaction among the INVALID_ARGUMENTs.
 */
const RETRYABLE = new Set([
    ABORTED,
    CANCELLED,
    UNKNOWN,
    DEADLINE_EXCEEDED,
    INTERNAL,
    UNAVAILABLE,
    UNAUTHENTICATED,
    RESOURCE_EXHAUSTED,
]);
/**
 * A commit that failed with these may have been applied (the answer was lost, or the server
 * failed after it wrote): running the transaction again could apply its writes twice — an
 * increment counted twice, a message queued twice — so the failure is the caller's, where the
 * SDK runs it again. ABORTED, RESOURCE_EXHAUSTED, UNAUTHENTICATED and an expired transaction
 * were refused: those run again.
 */
const COMMIT_MAY_HAVE_APPLIED = new Set([
    CANCELLED,
    UNKNOWN,
    DEADLINE_EXCEEDED,
    INTERNAL,
    UNAVAILABLE,
]);
const codeOf = (error) => (error instanceof RestFirestoreError ? error.code : undefined);
/** Whether the SDK would run a transaction again after `error`. */
export function isRetryableTransactionError(error) {
    const code = codeOf(error);
    if (code === INVALID_ARGUMENT)
        return /transaction has expired/.test(error.message);
    return code !== undefined && RETRYABLE.has(code);
}
/**
 * The SDK's: 5 attempts; the first at once, then 1 s × 1.5 up to 60 s, each between half and one
 * and a half times that; after RESOURCE_EXHAUSTED, the longest.
 */
export const TRANSACTION_RETRY = {
    attempts: 5,
    initialMs: 1000,
    multiplier: 1.5,
    maxMs: 60_000,
};
/**
 * One attempt of a transaction: its reads (the first begins the transaction, as the SDK's does,
 * so no beginTransaction round trip), its writes (sent with its commit).
 */
class RestTransaction extends RestWriteGathering {
    /** The transaction's id, from its first read; undefined before any read. */
    began;
    /** The id, once its first read answered. */
    id;
    /** What this attempt's own calls failed with: only those run a transaction again. */
    failures = new WeakSet();
    commitFailure;
    client;
    /** The id of the attempt before, which this one is a retry of. */
    retrying;
    constructor(client, retrying) {
        super(client);
        this.client = client;
        this.retrying = retrying;
    }
    async get(ref) {
        if (this.size > 0)
            throw new Error(READ_AFTER_WRITE);
        const [snap] = await this.own(this.read([ref.path]));
        return snap;
    }
    read(paths) {
        // Reads after the first wait for its transaction: concurrent first reads begin one, not two.
        if (this.began)
            return this.began.then((transaction) => this.client.read(paths, { transaction })).then((r) => r.snaps);
        const readWrite = this.retrying ? { retryTransaction: this.retrying } : {};
        const first = this.client.read(paths, { newTransaction: { readWrite } }).then((answer) => {
            if (!answer.transaction) {
                throw new RestFirestoreError(UNAVAILABLE, 'UNAVAILABLE: the read that began a transaction answered no transaction');
            }
            this.id = answer.transaction;
            return answer;
        });
        this.began = first.then((answer) => answer.transaction);
        // Its failure is the first read's, reported there (and to every read waiting on it).
        this.began.catch(() => { });
        return first.then((answer) => answer.snaps);
    }
    /**
     * Commits the writes: in the transaction if a read began one (no writes: it only ends it), else
     * as a plain atomic commit, as the SDK does; nothing at all when nothing was read or written.
     */
    async commit() {
        if (!this.began && this.size === 0)
            return;
        const transaction = this.began && (await this.own(this.began));
        await this.own(this.client.commit(this.builds, transaction), true);
    }
    /** Rolls back what a read began, without waiting (as the SDK): the error reaches its caller at once. */
    rollback() {
        this.began?.then((transaction) => this.client.rollback(transaction), () => { });
    }
    /**
     * Whether the transaction runs again after `error` ended this attempt: an error of its own calls
     * the SDK retries, unless its commit may have been applied. An error the update function threw
     * itself is its own.
     */
    runsAgainAfter(error) {
        if (typeof error !== 'object' || error === null || !this.failures.has(error))
            return false;
        if (error === this.commitFailure && COMMIT_MAY_HAVE_APPLIED.has(codeOf(error)))
            return false;
        return isRetryableTransactionError(error);
    }
    own(call, commit = false) {
        return call.catch((error) => {
            if (typeof error === 'object' && error !== null)
                this.failures.add(error);
            if (commit)
                this.commitFailure = error;
            throw error;
        });
    }
}
/**
 * Runs `update` in a transaction and commits it, as the SDK's `runTransaction`: run again (up to
 * `settings.attempts` in all, with backoff) after a failure the SDK retries; the failed attempt
 * rolled back, unawaited.
 */
export async function runTransaction(client, update, settings) {
    const backoff = new Backoff(settings, halfJitter);
    let retrying;
    for (let attempt = 1;; attempt++) {
        const tx = new RestTransaction(client, retrying);
        try {
            const result = await update(tx);
            await tx.commit();
            return result;
        }
        catch (error) {
            tx.rollback();
            if (attempt >= settings.attempts || !tx.runsAgainAfter(error))
                throw error;
            if (codeOf(error) === RESOURCE_EXHAUSTED)
                backoff.toMax();
            await sleep(backoff.next());
            retrying = tx.id ?? retrying;
        }
    }
}
//# sourceMappingURL=rest-transaction.js.map