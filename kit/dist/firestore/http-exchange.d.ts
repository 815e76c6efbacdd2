import type { RequestOptions } from 'node:http';
import { RestFirestoreError } from './rest-error.js';
/** node:http or node:https, as `process.getBuiltinModule` gives it. */
export type HttpModule = typeof import('node:http');
/** gRPC's UNAVAILABLE: the connection failed. */
export declare const UNAVAILABLE = 14;
/** gRPC's DEADLINE_EXCEEDED: no answer in time. */
export declare const DEADLINE_EXCEEDED = 4;
/**
 * A request sent on a kept-alive connection the server had closed while it sat idle: the
 * connection was reset before any byte of an answer came. The server never read the request
 * (it closed the connection first), so sending it again on a new connection is safe even for a
 * commit — node's documented recipe (`request.reusedSocket` and `ECONNRESET`).
 */
export declare class StaleConnectionError extends RestFirestoreError {
    constructor(cause: string);
}
/** What an exchange answers: the HTTP status, the body as text, and its content type. */
export interface HttpAnswer {
    status: number;
    text: string;
    contentType: string;
}
/**
 * One HTTP request and its whole answer as text. Throws {@link RestFirestoreError}:
 * `DEADLINE_EXCEEDED` when no answer came within `timeoutMs` (the request is dropped with its
 * connection, so no answer arrives for it later), `UNAVAILABLE` when the connection failed —
 * {@link StaleConnectionError} when it was a reused connection reset before any answer.
 */
export declare function httpExchange(http: HttpModule, options: RequestOptions, payload: string | undefined, timeoutMs: number): Promise<HttpAnswer>;
