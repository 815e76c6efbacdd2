import { batchGetResult } from './batch-get-answer.js';
import { RestBatch } from './rest-batch.js';
import { RestSnapshot } from './rest-document.js';
import { projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';
import { RestFirestoreError } from './rest-error.js';
import { restFieldValues } from './rest-field-values.js';
import { CALL_RETRY, retriedCodes } from './rest-retry.js';
import { RestTimestamp } from './rest-timestamp.js';
import { runTransaction, TRANSACTION_RETRY, } from './rest-transaction.js';
import { RestTransport, SOCKETS } from './rest-transport.js';
/** The root of database `databaseId` of project `projectId`: the prefix of every document's name. */
const rootOf = (projectId, databaseId) => `projects/${projectId}/databases/${databaseId}/documents`;
/**
 * A Firestore client over the REST API (JSON over HTTP/1.1) with the shape the kit's stores use
 * ({@link DocumentDb}). It exists for cold starts: it loads in milliseconds where firebase-admin's
 * gRPC client takes a few hundred before its first answer. What it lacks (queries, recursive
 * deletes) the cleanup job takes from the SDK; listeners run on the SDK's client (`listenWith`).
 */
export class RestFirestore {
    fieldValues = restFieldValues;
    databaseId;
    knownRoot;
    findingRoot;
    endpoint;
    transport;
    transactionRetry;
    listenWith;
    listenAfterMs;
    constructor(options = {}) {
        const endpoint = options.endpoint ?? restEndpointFromEnv();
        const projectId = options.projectId ?? projectIdFromEnv();
        if (!projectId && !endpoint.projectId) {
            throw new TypeError('RestFirestore: no project id (set GCLOUD_PROJECT or pass projectId)');
        }
        this.endpoint = endpoint;
        this.databaseId = options.databaseId ?? '(default)';
        this.knownRoot = projectId ? rootOf(projectId, this.databaseId) : undefined;
        this.transport = new RestTransport(endpoint, {
            ...(options.callTimeoutMs !== undefined && { timeoutMs: options.callTimeoutMs }),
            retry: { ...CALL_RETRY, ...options.callRetry },
            sockets: { ...SOCKETS, ...options.sockets },
        });
        this.transactionRetry = { ...TRANSACTION_RETRY, ...options.transactionRetry };
        this.listenWith = options.listenWith;
        this.listenAfterMs = options.listenAfterMs ?? 1000;
    }
    /**
     * `projects/<id>/databases/<database>/documents`, the prefix of every document's name; undefined
     * until the first call where the project comes from the endpoint.
     */
    get root() {
        return this.knownRoot;
    }
    collection(path) {
        return { doc: (id) => this.doc(`${path}/${id}`) };
    }
    doc(path) {
        return new RestDocumentRef(this, path);
    }
    async getAll(...refs) {
        return (await this.read(refs.map((ref) => ref.path))).snaps;
    }
    batch() {
        return new RestBatch(this);
    }
    runTransaction(update) {
        return runTransaction(this, update, this.transactionRetry);
    }
    /** Closes the kept-alive connections. */
    close() {
        return this.transport.close();
    }
    /**
     * Reads documents by path, in the order asked (each name sent once); `how` reads in a
     * transaction. Fails, as the SDK, when the answer lacks a document asked for.
     */
    async read(paths, how) {
        // Nothing to ask for: no call (as the SDK's reader).
        if (paths.length === 0 && !how)
            return { snaps: [], transaction: undefined };
        const root = await this.databaseRoot();
        const names = [...new Set(paths.map((path) => `${root}/${path}`))];
        const { documents, transaction } = await this.call('batchGet', root, { documents: names, ...how }, (answer) => {
            const result = batchGetResult(answer, names);
            if (result.failure) {
                // A transaction this failed read began is no one's: release its locks now.
                if (result.transaction && how && 'newTransaction' in how)
                    this.rollback(result.transaction);
                throw result.failure;
            }
            return result;
        });
        const snaps = paths.map((path) => this.snapshot(path, documents.get(`${root}/${path}`)));
        return { snaps, transaction };
    }
    snapshot(path, found) {
        return new RestSnapshot(path.slice(path.lastIndexOf('/') + 1), found, this);
    }
    /** Commits writes (in `transaction` if given); one outcome per write. */
    async commit(builds, transaction) {
        const root = await this.databaseRoot();
        const writes = builds.map((build) => build(root));
        const answer = await this.call('commit', root, { writes, ...(transaction && { transaction }) });
        return writes.map((_, i) => ({
            writeTime: new RestTimestamp(answer.writeResults?.[i]?.updateTime ?? answer.commitTime),
        }));
    }
    /** Rolls `transaction` back without waiting; a failure is dropped (its locks lapse anyway). */
    rollback(transaction) {
        this.databaseRoot()
            .then((root) => this.call('rollback', root, { transaction }))
            .catch(() => { });
    }
    /** Listens on `listenWith`'s client after `listenAfterMs` (see the option). */
    listen(path, onNext, onError) {
        const listenWith = this.listenWith;
        if (!listenWith) {
            onError?.(new RestFirestoreError(12, 'UNIMPLEMENTED: the REST client listens only through listenWith'));
            return () => { };
        }
        let closed = false;
        let unsubscribe;
        const timer = setTimeout(() => {
            listenWith().then((db) => {
                if (!closed)
                    unsubscribe = db.doc(path).onSnapshot(onNext, onError);
            }, (error) => onError?.(error instanceof Error ? error : new Error(String(error))));
        }, this.listenAfterMs);
        timer.unref();
        return () => {
            closed = true;
            clearTimeout(timer);
            unsubscribe?.();
        };
    }
    /** The root, found on the first call where the project is the endpoint's (one lookup at a time; a failed one is tried again next call). */
    databaseRoot() {
        if (this.knownRoot)
            return Promise.resolve(this.knownRoot);
        const projectId = this.endpoint.projectId;
        this.findingRoot ??= projectId
            .call(this.endpoint)
            .then((id) => {
            this.knownRoot = rootOf(id, this.databaseId);
            return this.knownRoot;
        })
            .finally(() => {
            this.findingRoot = undefined;
        });
        return this.findingRoot;
    }
    /**
     * One call of `method` on the database of `root`, sent again as the retry table says (rest-retry.ts),
     * with the routing headers the SDK sends (its gapic client's `x-goog-request-params`, and
     * `google-cloud-resource-prefix`): they route a named database's calls.
     */
    call(method, root, body, decode) {
        const database = root.slice(0, -'/documents'.length);
        return this.transport.post(`/v1/${root}:${method}`, body, {
            retried: retriedCodes(method, body),
            headers: {
                'google-cloud-resource-prefix': database,
                'x-goog-request-params': `database=${encodeURIComponent(database)}`,
            },
            ...(decode && { decode }),
        });
    }
}
/** A document of a {@link RestFirestore}. */
class RestDocumentRef {
    id;
    path;
    db;
    constructor(db, path) {
        this.db = db;
        this.path = path;
        this.id = path.slice(path.lastIndexOf('/') + 1);
    }
    collection(id) {
        return this.db.collection(`${this.path}/${id}`);
    }
    async get() {
        return (await this.db.read([this.path])).snaps[0];
    }
    async set(data, options) {
        return (await this.db.batch().set(this, data, options).commit())[0];
    }
    onSnapshot(onNext, onError) {
        return this.db.listen(this.path, onNext, onError);
    }
}
//# sourceMappingURL=rest-firestore.js.map