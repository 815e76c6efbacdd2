import { batchGetResult } from './batch-get-answer.js';
import { COUNT_ALIAS, countOfAnswer } from './count-answer.js';
import type {
  CollectionRef,
  DocumentBatch,
  DocumentDb,
  DocumentFields,
  DocumentRef,
  DocumentSnap,
  DocumentTransaction,
  WriteOutcome,
} from './document-db.js';
import { RestBatch, type WriteBuild } from './rest-batch.js';
import { type RestDocumentJson, RestSnapshot } from './rest-document.js';
import { projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';
import { RestFirestoreError } from './rest-error.js';
import { restFieldValues } from './rest-field-values.js';
import { CALL_RETRY, type CallRetrySettings, type RestCallBody, type RestMethod, retriedCodes } from './rest-retry.js';
import { RestTimestamp } from './rest-timestamp.js';
import {
  runTransaction,
  TRANSACTION_RETRY,
  type TransactionClient,
  type TransactionRead,
  type TransactionRetrySettings,
} from './rest-transaction.js';
import { type RestEndpoint, RestTransport, SOCKETS, type SocketSettings } from './rest-transport.js';

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

interface CommitAnswer {
  writeResults?: Array<{ updateTime?: string }>;
  commitTime: string;
}

/** The root of database `databaseId` of project `projectId`: the prefix of every document's name. */
const rootOf = (projectId: string, databaseId: string) => `projects/${projectId}/databases/${databaseId}/documents`;

/**
 * A Firestore client over the REST API (JSON over HTTP/1.1) with the shape the kit's stores use
 * ({@link DocumentDb}). It exists for cold starts: it loads in milliseconds where firebase-admin's
 * gRPC client takes a few hundred before its first answer. What it lacks (queries, recursive
 * deletes) the cleanup job takes from the SDK; listeners run on the SDK's client (`listenWith`).
 */
export class RestFirestore implements DocumentDb, TransactionClient {
  readonly fieldValues = restFieldValues;
  readonly databaseId: string;
  private knownRoot: string | undefined;
  private findingRoot: Promise<string> | undefined;
  private readonly endpoint: RestEndpoint;
  private readonly transport: RestTransport;
  private readonly transactionRetry: TransactionRetrySettings;
  private readonly listenWith: (() => Promise<DocumentDb>) | undefined;
  private readonly listenAfterMs: number;

  constructor(options: RestFirestoreOptions = {}) {
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
  get root(): string | undefined {
    return this.knownRoot;
  }

  collection(path: string): CollectionRef {
    return { doc: (id) => this.doc(`${path}/${id}`) };
  }

  doc(path: string): DocumentRef {
    return new RestDocumentRef(this, path);
  }

  async getAll(...refs: Array<DocumentRef | { readonly fieldMask?: unknown }>): Promise<DocumentSnap[]> {
    return (await this.read(refs.map((ref) => (ref as DocumentRef).path))).snaps;
  }

  batch(): DocumentBatch {
    return new RestBatch(this);
  }

  runTransaction<T>(update: (tx: DocumentTransaction) => Promise<T>): Promise<T> {
    return runTransaction(this, update, this.transactionRetry);
  }

  /** Closes the kept-alive connections. */
  close(): Promise<void> {
    return this.transport.close();
  }

  /**
   * Reads documents by path, in the order asked (each name sent once); `how` reads in a
   * transaction. Fails, as the SDK, when the answer lacks a document asked for.
   */
  async read(
    paths: readonly string[],
    how?: TransactionRead,
  ): Promise<{ snaps: DocumentSnap[]; transaction: string | undefined }> {
    // Nothing to ask for: no call (as the SDK's reader).
    if (paths.length === 0 && !how) return { snaps: [], transaction: undefined };
    const root = await this.databaseRoot();
    const names = [...new Set(paths.map((path) => `${root}/${path}`))];
    const { documents, transaction } = await this.call('batchGet', root, { documents: names, ...how }, (answer) => {
      const result = batchGetResult(answer, names);
      if (result.failure) {
        // A transaction this failed read began is no one's: release its locks now.
        if (result.transaction && how && 'newTransaction' in how) this.rollback(result.transaction);
        throw result.failure;
      }
      return result;
    });
    const snaps = paths.map((path) => this.snapshot(path, documents.get(`${root}/${path}`)));
    return { snaps, transaction };
  }

  private snapshot(path: string, found: RestDocumentJson | undefined): DocumentSnap {
    return new RestSnapshot(path.slice(path.lastIndexOf('/') + 1), found, this);
  }

  /** Commits writes (in `transaction` if given); one outcome per write. */
  async commit(builds: readonly WriteBuild[], transaction?: string): Promise<WriteOutcome[]> {
    const root = await this.databaseRoot();
    const writes = builds.map((build) => build(root));
    const answer = await this.call<CommitAnswer>('commit', root, { writes, ...(transaction && { transaction }) });
    return writes.map((_, i) => ({
      writeTime: new RestTimestamp(answer.writeResults?.[i]?.updateTime ?? answer.commitTime),
    }));
  }

  /**
   * How many documents of the top-level collection `collection` have each field of `equals` equal
   * to its value: a `count()` aggregation (runAggregationQuery), as the SDK's
   * `collection(c).where(f, '==', v)….count().get()` asks it. Billed as the SDK's: one read per
   * 1,000 index entries counted.
   */
  async count(collection: string, equals: Readonly<Record<string, string>>): Promise<number> {
    const root = await this.databaseRoot();
    const filters = Object.entries(equals).map(([field, value]) => ({
      fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } },
    }));
    const where = filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } };
    const structuredQuery = { from: [{ collectionId: collection }], ...(filters.length && { where }) };
    const body = { structuredAggregationQuery: { structuredQuery, aggregations: [{ alias: COUNT_ALIAS, count: {} }] } };
    return this.call('runAggregationQuery', root, body, countOfAnswer);
  }

  /** Rolls `transaction` back without waiting; a failure is dropped (its locks lapse anyway). */
  rollback(transaction: string): void {
    this.databaseRoot()
      .then((root) => this.call('rollback', root, { transaction }))
      .catch(() => {});
  }

  /** Listens on `listenWith`'s client after `listenAfterMs` (see the option). */
  listen(path: string, onNext: (snap: DocumentSnap) => void, onError?: (error: Error) => void): () => void {
    const listenWith = this.listenWith;
    if (!listenWith) {
      onError?.(new RestFirestoreError(12, 'UNIMPLEMENTED: the REST client listens only through listenWith'));
      return () => {};
    }
    let closed = false;
    let unsubscribe: (() => void) | undefined;
    const timer = setTimeout(() => {
      listenWith().then(
        (db) => {
          if (!closed) unsubscribe = db.doc(path).onSnapshot(onNext, onError);
        },
        (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
      );
    }, this.listenAfterMs);
    timer.unref();
    return () => {
      closed = true;
      clearTimeout(timer);
      unsubscribe?.();
    };
  }

  /** The root, found on the first call where the project is the endpoint's (one lookup at a time; a failed one is tried again next call). */
  private databaseRoot(): Promise<string> {
    if (this.knownRoot) return Promise.resolve(this.knownRoot);
    const projectId = this.endpoint.projectId as () => Promise<string>;
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
  private call<T>(method: RestMethod, root: string, body: RestCallBody, decode?: (answer: unknown) => T): Promise<T> {
    const database = root.slice(0, -'/documents'.length);
    return this.transport.post<T>(`/v1/${root}:${method}`, body, {
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
class RestDocumentRef implements DocumentRef {
  readonly id: string;
  readonly path: string;
  private readonly db: RestFirestore;

  constructor(db: RestFirestore, path: string) {
    this.db = db;
    this.path = path;
    this.id = path.slice(path.lastIndexOf('/') + 1);
  }

  collection(id: string): CollectionRef {
    return this.db.collection(`${this.path}/${id}`);
  }

  async get(): Promise<DocumentSnap> {
    return (await this.db.read([this.path])).snaps[0] as DocumentSnap;
  }

  async set(data: DocumentFields, options?: { merge?: boolean }): Promise<WriteOutcome> {
    return (await this.db.batch().set(this, data, options).commit())[0] as WriteOutcome;
  }

  onSnapshot(onNext: (snap: DocumentSnap) => void, onError?: (error: Error) => void): () => void {
    return this.db.listen(this.path, onNext, onError);
  }
}
