import type { DocumentBatch, DocumentFields, DocumentRef, WriteOutcome, WritePrecondition } from './document-db.js';
import { type RestWrite } from './rest-write.js';
/** A write, made once the database's root (`projects/<p>/databases/<d>/documents`) is known. */
export type WriteBuild = (root: string) => RestWrite;
/** What gathered writes need of their client. */
export interface WriteClient {
    /** The database's root, once known: a project found lazily is known after the first call. */
    readonly root: string | undefined;
    /** Commits the writes (in `transaction` if given); one outcome per write. */
    commit(writes: readonly WriteBuild[], transaction?: string): Promise<WriteOutcome[]>;
}
/** Writes gathered for one commit (a batch's, or a transaction's). */
export declare class RestWriteGathering {
    protected readonly builds: WriteBuild[];
    protected readonly db: WriteClient;
    constructor(db: WriteClient);
    /** How many writes were gathered. */
    get size(): number;
    create(ref: DocumentRef, data: DocumentFields): this;
    set(ref: DocumentRef, data: DocumentFields, options?: {
        merge?: boolean;
    }): this;
    update(ref: DocumentRef, data: DocumentFields, precondition?: WritePrecondition): this;
    delete(ref: DocumentRef, precondition?: WritePrecondition): this;
    /**
     * Makes the write now, so that what the SDK refuses throws here, as the SDK's `set()` throws;
     * where the root is not known yet, makes it again at commit with the root (reading `data` then).
     */
    private gather;
}
/** Writes committed together, all or none. */
export declare class RestBatch extends RestWriteGathering implements DocumentBatch {
    commit(): Promise<WriteOutcome[]>;
}
