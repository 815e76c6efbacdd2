import { type IncomingHttpHeaders } from 'node:http';
/** What the stand-in does with one call instead of answering it. */
export type StandInFault = 
/** Answers Firestore's JSON error with this status name (and its HTTP status). */
{
    status: string;
    message?: string;
}
/**
 * Resets the connection: `before` the call is applied, `after-apply` (a commit applied, its
 * answer lost), or `mid-answer` (the status line and part of the body sent).
 */
 | {
    reset: 'before' | 'after-apply' | 'mid-answer';
}
/** Answers this instead. */
 | {
    raw: {
        status: number;
        contentType: string;
        body: string;
    };
}
/** A batchGet answered 200, its stream failing after the first document with this status name. */
 | {
    entryError: string;
}
/** A batchGet answered 200 without the entry of the last document asked for. */
 | {
    dropEntry: true;
};
/** A call the stand-in received. */
export interface StandInRequest {
    /** `batchGet`, `commit`, `rollback`, … */
    method: string;
    /** The database part of the URL: `projects/<p>/databases/<d>/documents`. */
    root: string;
    body: StandInBody;
    headers: IncomingHttpHeaders;
    /** Which connection it came on (1, 2, …, in the order they were opened). */
    connection: number;
}
/** The fields of a request body the stand-in reads. */
export interface StandInBody {
    documents?: string[];
    transaction?: string;
    newTransaction?: {
        readWrite?: {
            retryTransaction?: string;
        };
    };
    writes?: StandInWrite[];
}
interface StandInWrite {
    update?: {
        name: string;
        fields?: Record<string, unknown>;
    };
    delete?: string;
    currentDocument?: {
        exists?: boolean;
        updateTime?: string;
    };
}
interface StoredDocument {
    name: string;
    fields: Record<string, unknown>;
    updateTime: string;
}
export interface FirestoreStandIn {
    /** `http://127.0.0.1:<port>`. */
    readonly origin: string;
    /** The calls received, in order (not those met on a connection made stale). */
    readonly requests: StandInRequest[];
    /** Commits applied. */
    readonly applied: () => number;
    /** Connections opened so far. */
    readonly connections: () => number;
    /** Connections open now. */
    readonly openConnections: () => number;
    /** Requests that arrived on a connection made stale (reset unread). */
    readonly staleRequests: () => number;
    /** The calls of `method` received. */
    calls(method: string): StandInRequest[];
    /** The next calls of `method` meet these faults, one each, in order. */
    fail(method: string, ...faults: StandInFault[]): void;
    /**
     * Every connection open now becomes one the server closed while it sat idle, and the client
     * has not noticed: the next request on it is met by a reset, unread.
     */
    makeConnectionsStale(): void;
    /** Answers wait until the returned function is called. */
    hold(): () => void;
    /** A document as stored, or undefined. */
    document(name: string): StoredDocument | undefined;
    close(): Promise<void>;
}
/** Options of a stand-in. */
export interface StandInOptions {
    /** False: every answer closes its connection (`Connection: close`), so no call reuses one. Default true. */
    keepAlive?: boolean;
    /** How long the server keeps an idle connection before it closes it. Default 600 s. */
    idleCloseMs?: number;
}
/** Starts a stand-in on a free loopback port. */
export declare function startFirestoreStandIn({ keepAlive, idleCloseMs, }?: StandInOptions): Promise<FirestoreStandIn>;
export {};
