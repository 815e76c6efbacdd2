import type { CollectionRef, DocumentBatch, DocumentDb, DocumentRef, DocumentSnap, DocumentTransaction, WriteOutcome } from './document-db.js';
import { type WriteBuild } from './rest-batch.js';
import { type CallRetrySettings } from './rest-retry.js';
import { type TransactionClient, type TransactionRead, type TransactionRetrySettings } from './rest-transaction.js';
import { type RestEndpoint, type SocketSettings } from './rest-transport.js';
/** Options of {@link RestFirestore}. */
export interface RestFirestoreOptions {
    /**
     * Default: the functions' project (`GCLOUD_PROJECT`, as firebase-admin finds it), else the
     * endpoint's (`endpoint.projectId()`, asked on the first call).
     */
    projectId?: string;
    /** A named database. Default `(default)`. */
    databaseId?: string;
    /** Default: {@link restEndpointFromEnv} (the emulator, or Firestore with the metadata server's token). */
    endpoint?: RestEndpoint;
    /**
     * The client listeners run on: REST has no listen, so `onSnapshot` attaches there, made on
     * first need. Without it, a listener reports `unimplemented` to its error handler.
     */
    listenWith?: () => Promise<DocumentDb>;
    /**
     * How long `onSnapshot` waits before it attaches (and so loads `listenWith`'s client): a
     * listener closed sooner never loads it. The first snapshot still reports what was written
     * meanwhile. Default 1000 ms.
     */
    listenAfterMs?: number;
    /** How long one attempt of a call waits for Firestore's answer before it fails `deadline-exceeded`. Default 60 s. */
    callTimeoutMs?: number;
    /** How calls are sent again (rest-retry.ts): gax's backoff, a total deadline of 60 s. */
    callRetry?: Partial<CallRetrySettings>;
    /** How transactions run again (rest-transaction.ts): the SDK's attempts and backoff. */
    transactionRetry?: Partial<TransactionRetrySettings>;
    /** The kept-alive connections (rest-transport.ts). */
    sockets?: Partial<SocketSettings>;
}
/**
 * A Firestore client over the REST API (JSON over HTTP/1.1) with the shape the kit's stores use
 * ({@link DocumentDb}). It exists for cold starts: it loads in milliseconds where firebase-admin's
 * gRPC client takes a few hundred before its first answer. What it lacks (queries, recursive
 * deletes) the cleanup job takes from the SDK; listeners run on the SDK's client (`listenWith`).
 */
export declare class RestFirestore implements DocumentDb, TransactionClient {
    readonly fieldValues: import("./document-db.js").FieldValues;
    readonly databaseId: string;
    private knownRoot;
    private findingRoot;
    private readonly endpoint;
    private readonly transport;
    private readonly transactionRetry;
    private readonly listenWith;
    private readonly listenAfterMs;
    constructor(options?: RestFirestoreOptions);
    /**
     * `projects/<id>/databases/<database>/documents`, the prefix of every document's name; undefined
     * until the first call where the project comes from the endpoint.
     */
    get root(): string | undefined;
    collection(path: string): CollectionRef;
    doc(path: string): DocumentRef;
    getAll(...refs: Array<DocumentRef | {
        readonly fieldMask?: unknown;
    }>): Promise<DocumentSnap[]>;
    batch(): DocumentBatch;
    runTransaction<T>(update: (tx: DocumentTransaction) => Promise<T>): Promise<T>;
    /** Closes the kept-alive connections. */
    close(): Promise<void>;
    /**
     * Reads documents by path, in the order asked (each name sent once); `how` reads in a
     * transaction. Fails, as the SDK, when the answer lacks a document asked for.
     */
    read(paths: readonly string[], how?: TransactionRead): Promise<{
        snaps: DocumentSnap[];
        transaction: string | undefined;
    }>;
    private snapshot;
    /** Commits writes (in `transaction` if given); one outcome per write. */
    commit(builds: readonly WriteBuild[], transaction?: string): Promise<WriteOutcome[]>;
    /** Rolls `transaction` back without waiting; a failure is dropped (its locks lapse anyway). */
    rollback(transaction: string): void;
    /** Listens on `listenWith`'s client after `listenAfterMs` (see the option). */
    listen(path: string, onNext: (snap: DocumentSnap) => void, onError?: (error: Error) => void): () => void;
    /** The root, found on the first call where the project is the endpoint's (one lookup at a time; a failed one is tried again next call). */
    private databaseRoot;
    /**
     * One call of `method` on the database of `root`, sent again as the retry table says (rest-retry.ts),
     * with the routing headers the SDK sends (its gapic client's `x-goog-request-params`, and
     * `google-cloud-resource-prefix`): they route a named database's calls.
     */
    private call;
}
