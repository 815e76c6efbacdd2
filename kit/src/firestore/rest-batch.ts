import type { DocumentBatch, DocumentFields, DocumentRef, WriteOutcome, WritePrecondition } from './document-db.js';
import { type RestWrite, restDelete, restWrite } from './rest-write.js';

/** A write, made once the database's root (`projects/<p>/databases/<d>/documents`) is known. */
export type WriteBuild = (root: string) => RestWrite;

/** What gathered writes need of their client. */
export interface WriteClient {
  /** The database's root, once known: a project found lazily is known after the first call. */
  readonly root: string | undefined;
  /** Commits the writes (in `transaction` if given); one outcome per write. */
  commit(writes: readonly WriteBuild[], transaction?: string): Promise<WriteOutcome[]>;
}

/** A root for a write made before the project is known: its names are made again at commit. */
const PROVISIONAL_ROOT = 'projects/-/databases/-/documents';

/** Writes gathered for one commit (a batch's, or a transaction's). */
export class RestWriteGathering {
  protected readonly builds: WriteBuild[] = [];
  protected readonly db: WriteClient;

  constructor(db: WriteClient) {
    this.db = db;
  }

  /** How many writes were gathered. */
  get size(): number {
    return this.builds.length;
  }

  create(ref: DocumentRef, data: DocumentFields): this {
    return this.gather((root) => restWrite('create', `${root}/${ref.path}`, data));
  }

  set(ref: DocumentRef, data: DocumentFields, options?: { merge?: boolean }): this {
    return this.gather((root) => restWrite(options?.merge ? 'merge' : 'set', `${root}/${ref.path}`, data));
  }

  update(ref: DocumentRef, data: DocumentFields, precondition?: WritePrecondition): this {
    return this.gather((root) => restWrite('update', `${root}/${ref.path}`, data, precondition));
  }

  delete(ref: DocumentRef, precondition?: WritePrecondition): this {
    return this.gather((root) => restDelete(`${root}/${ref.path}`, precondition));
  }

  /**
   * Makes the write now, so that what the SDK refuses throws here, as the SDK's `set()` throws;
   * where the root is not known yet, makes it again at commit with the root (reading `data` then).
   */
  private gather(build: WriteBuild): this {
    const root = this.db.root;
    const write = build(root ?? PROVISIONAL_ROOT);
    this.builds.push(root === undefined ? build : () => write);
    return this;
  }
}

/** Writes committed together, all or none. */
export class RestBatch extends RestWriteGathering implements DocumentBatch {
  commit(): Promise<WriteOutcome[]> {
    return this.db.commit(this.builds);
  }
}
