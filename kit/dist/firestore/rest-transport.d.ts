import { type CallRetrySettings } from './rest-retry.js';
/** Where Firestore's REST API is and how to authorize a call to it. */
export interface RestEndpoint {
    /** `http://host:port` of the emulator, or `https://firestore.googleapis.com`. */
    origin: string;
    /** The `Authorization` header's value for the next call. */
    authorization(): Promise<string>;
    /**
     * Firestore answered `authorization` with 401: a cached token behind it is dropped, so the
     * next `authorization()` fetches a new one.
     */
    refused?(authorization: string): void;
    /** The project, where neither the client's options nor the environment name one (the metadata server's). */
    projectId?(): Promise<string>;
}
/** How long a call waits for its answer before it is dropped: the SDK's default deadline. */
export declare const REST_CALL_TIMEOUT_MS = 60000;
/** The kept-alive connections to Firestore. */
export interface SocketSettings {
    /**
     * An idle connection is closed after this long: well inside the time Google's front ends keep
     * one (610 s for an HTTP/1.1 client of Google's load balancers; Cloud NAT's 1200 s), so the
     * server rarely closes one first. When it does (or an instance's CPU, throttled between
     * requests, runs this timer late), the call is sent again on a new connection.
     */
    readonly idleMs: number;
    /** Connections open at once; further calls wait for one. */
    readonly maxSockets: number;
    /** Idle connections kept. */
    readonly maxFreeSockets: number;
}
export declare const SOCKETS: SocketSettings;
/** Options of a {@link RestTransport}. */
export interface RestTransportOptions {
    /** How long one attempt waits for its answer. Default {@link REST_CALL_TIMEOUT_MS}. */
    timeoutMs?: number;
    /** How repeated calls wait; the total deadline of a call. Default {@link CALL_RETRY}. */
    retry?: CallRetrySettings;
    /** Default {@link SOCKETS}. */
    sockets?: SocketSettings;
}
/** How one call is made. */
export interface RestCall<T> {
    /** The gRPC codes after which the call is sent again (the retry table, rest-retry.ts). */
    retried: ReadonlySet<number>;
    /** Headers besides the content type and the authorization (the routing header). */
    headers?: Readonly<Record<string, string>>;
    /**
     * Reads the answer's JSON; throws a {@link RestFirestoreError} for an answer that reports a
     * failure in its body (a batchGet's error entry), which is then retried as its code says.
     */
    decode?: (answer: unknown) => T;
}
/**
 * JSON over HTTP/1.1 with kept-alive connections: what a cold instance can load in a few
 * milliseconds (node:http/https), where the SDK's gRPC stack takes hundreds.
 */
export declare class RestTransport {
    private client;
    private readonly url;
    private readonly endpoint;
    private readonly timeoutMs;
    private readonly retry;
    private readonly sockets;
    constructor(endpoint: RestEndpoint, options?: RestTransportOptions);
    private load;
    /**
     * POSTs `body` to `path` (below the origin) and answers the parsed JSON (through `call.decode`).
     * The call is sent again: after an answer whose code `call.retried` names, with backoff, unless
     * the attempt would begin after the total deadline (each attempt has the whole timeout); after
     * a 401, once, with a new authorization; after a stale kept-alive connection, at once on a new
     * one. Throws the last {@link RestFirestoreError}:
     * `DEADLINE_EXCEEDED` when no answer came within the call's timeout (the request is dropped
     * with its connection), `UNAVAILABLE` when the connection failed or the answer wasn't JSON.
     */
    post<T>(path: string, body: unknown, call: RestCall<T>): Promise<T>;
    private once;
    /** Closes the kept-alive connections. */
    close(): Promise<void>;
}
