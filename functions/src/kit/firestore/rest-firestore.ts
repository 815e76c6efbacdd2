import { backoff } from './backoff.js';
import type {
  CollectionRef,
  DocumentBatch,
  DocumentDb,
  DocumentFields,
  DocumentRef,
  DocumentSnap,
  DocumentTransaction,
  WriteOutcome,
  WritePrecondition,
} from './document-db.js';
import { type RestDocumentJson, RestSnapshot } from './rest-document.js';
import { projectIdFromEnv, restEndpointFromEnv } from './rest-endpoint.js';
import { RestFirestoreError } from './rest-error.js';
import { restFieldValues } from './rest-field-values.js';
import { RestTimestamp } from './rest-timestamp.js';
import { type RestEndpoint, RestTransport } from './rest-transport.js';
import { type RestWrite, restDelete, restWrite } from './rest-write.js';

/** Options of {@link RestFirestore}. */
export interface RestFirestoreOptions {
  /** Default: the functions' project (`GCLOUD_PROJECT`, as firebase-admin finds it). */
  projectId?: string;
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
  /** How long a call waits for Firestore's answer before it fails `deadline-exceeded`. Default 60 s. */
  callTimeoutMs?: number;
}

/** How many times a transaction that Firestore aborted (contention) is tried in all, as the SDK. */
const TRANSACTION_ATTEMPTS = 5;
/** The wait before the first retry of an aborted transaction; it doubles each time. */
const RETRY_BASE_MS = 200;

interface BatchGetAnswer {
  found?: RestDocumentJson;
  missing?: string;
}

interface CommitAnswer {
  writeResults?: Array<{ updateTime?: string }>;
  commitTime: string;
}

const codeOf = (error: unknown): number | undefined => (error instanceof RestFirestoreError ? error.code : undefined);

/**
 * A Firestore client over the REST API (JSON over HTTP/1.1) with the shape the kit's stores use
 * ({@link DocumentDb}). It exists for cold starts: it loads in milliseconds where firebase-admin's
 * gRPC client takes a few hundred before its first answer. What it lacks (queries, recursive
 * deletes) the cleanup job takes from the SDK; listeners run on the SDK's client (`listenWith`).
 */
export class RestFirestore implements DocumentDb {
  readonly fieldValues = restFieldValues;
  /** `projects/<id>/databases/(default)/documents`: the prefix of every document's name. */
  readonly root: string;
  private readonly transport: RestTransport;
  private readonly listenWith: (() => Promise<DocumentDb>) | undefined;
  private readonly listenAfterMs: number;

  constructor(options: RestFirestoreOptions = {}) {
    const projectId = options.projectId ?? projectIdFromEnv();
    if (!projectId) throw new TypeError('RestFirestore: no project id (set GCLOUD_PROJECT or pass projectId)');
    this.root = `projects/${projectId}/databases/(default)/documents`;
    const endpoint = options.endpoint ?? restEndpointFromEnv();
    if (!endpoint) throw new TypeError('RestFirestore: no endpoint (no emulator, not on Google Cloud)');
    this.transport = new RestTransport(endpoint, options.callTimeoutMs);
    this.listenWith = options.listenWith;
    this.listenAfterMs = options.listenAfterMs ?? 1000;
  }

  collection(path: string): CollectionRef {
    return { doc: (id) => this.doc(`${path}/${id}`) };
  }

  doc(path: string): DocumentRef {
    return new RestDocumentRef(this, path);
  }

  getAll(...refs: Array<DocumentRef | { readonly fieldMask?: unknown }>): Promise<DocumentSnap[]> {
    return this.read(refs.map((ref) => (ref as DocumentRef).path));
  }

  batch(): DocumentBatch {
    return new RestWrites(this);
  }

  async runTransaction<T>(update: (tx: DocumentTransaction) => Promise<T>): Promise<T> {
    let retry: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const readWrite = retry ? { retryTransaction: retry } : {};
      const { transaction } = await this.call<{ transaction: string }>('beginTransaction', { options: { readWrite } });
      const tx = new RestTransaction(this, transaction);
      try {
        const result = await update(tx);
        await tx.commit();
        return result;
      } catch (error) {
        if (!tx.sent) await this.call('rollback', { transaction }).catch(() => {});
        if (codeOf(error) !== 10 || attempt >= TRANSACTION_ATTEMPTS) throw error;
        retry = transaction;
        // Contention: let the holder of the lock finish (jittered, so the losers don't meet again).
        await backoff(RETRY_BASE_MS, attempt);
      }
    }
  }

  /** Closes the kept-alive connections. */
  close(): Promise<void> {
    return this.transport.close();
  }

  /** The full name of the document at `path`. */
  nameOf(path: string): string {
    return `${this.root}/${path}`;
  }

  /** Reads documents by path, in the order asked. */
  async read(paths: readonly string[], transaction?: string): Promise<DocumentSnap[]> {
    const answers = await this.call<BatchGetAnswer[]>('batchGet', {
      documents: paths.map((path) => this.nameOf(path)),
      ...(transaction && { transaction }),
    });
    const found = new Map<string, RestDocumentJson>();
    for (const answer of answers) if (answer.found) found.set(answer.found.name, answer.found);
    return paths.map(
      (path) => new RestSnapshot(path.slice(path.lastIndexOf('/') + 1), found.get(this.nameOf(path)), this),
    );
  }

  /** Commits writes (in `transaction` if given); one outcome per write. */
  async commit(writes: readonly RestWrite[], transaction?: string): Promise<WriteOutcome[]> {
    const answer = await this.call<CommitAnswer>('commit', { writes, ...(transaction && { transaction }) });
    return writes.map((_, i) => ({
      writeTime: new RestTimestamp(answer.writeResults?.[i]?.updateTime ?? answer.commitTime),
    }));
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

  private call<T>(method: 'batchGet' | 'beginTransaction' | 'commit' | 'rollback', body: unknown): Promise<T> {
    // Everything but a commit changes nothing when sent twice (a transaction begun twice, the
    // first never used, lapses on its own).
    return this.transport.post<T>(`/v1/${this.root}:${method}`, body, { repeatable: method !== 'commit' });
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
    return (await this.db.read([this.path]))[0] as DocumentSnap;
  }

  async set(data: DocumentFields, options?: { merge?: boolean }): Promise<WriteOutcome> {
    return (await this.db.batch().set(this, data, options).commit())[0] as WriteOutcome;
  }

  onSnapshot(onNext: (snap: DocumentSnap) => void, onError?: (error: Error) => void): () => void {
    return this.db.listen(this.path, onNext, onError);
  }
}

/** Writes gathered for one commit (a batch's, or a transaction's). */
class RestWrites implements DocumentBatch {
  readonly writes: RestWrite[] = [];
  protected readonly db: RestFirestore;

  constructor(db: RestFirestore) {
    this.db = db;
  }

  create(ref: DocumentRef, data: DocumentFields): this {
    this.writes.push(restWrite('create', this.db.nameOf(ref.path), data));
    return this;
  }

  set(ref: DocumentRef, data: DocumentFields, options?: { merge?: boolean }): this {
    this.writes.push(restWrite(options?.merge ? 'merge' : 'set', this.db.nameOf(ref.path), data));
    return this;
  }

  update(ref: DocumentRef, data: DocumentFields, precondition?: WritePrecondition): this {
    this.writes.push(restWrite('update', this.db.nameOf(ref.path), data, precondition));
    return this;
  }

  delete(ref: DocumentRef, precondition?: WritePrecondition): this {
    this.writes.push(restDelete(this.db.nameOf(ref.path), precondition));
    return this;
  }

  commit(): Promise<WriteOutcome[]> {
    return this.db.commit(this.writes);
  }
}

/** A transaction's reads (in it) and writes (sent with its commit). */
class RestTransaction extends RestWrites implements DocumentTransaction {
  sent = false;
  private readonly id: string;

  constructor(db: RestFirestore, id: string) {
    super(db);
    this.id = id;
  }

  async get(ref: DocumentRef): Promise<DocumentSnap> {
    return (await this.db.read([ref.path], this.id))[0] as DocumentSnap;
  }

  override commit(): Promise<WriteOutcome[]> {
    this.sent = true;
    return this.db.commit(this.writes, this.id);
  }
}
