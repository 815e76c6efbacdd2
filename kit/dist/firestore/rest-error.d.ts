/**
 * A failed Firestore REST call, with the gRPC status `code` the SDK's errors carry, so one mapping
 * (`fromFirestoreError`) serves both clients.
 */
export declare class RestFirestoreError extends Error {
    readonly name = "RestFirestoreError";
    readonly code: number;
    constructor(code: number, message: string);
}
/** An error as the REST API writes it: `{ code: <HTTP status>, message, status: <gRPC name> }`. */
export interface RestErrorJson {
    code?: number;
    message?: string;
    status?: string;
}
/** The error Firestore reported as `error` (of an answer with HTTP status `status`). */
export declare function restErrorOfJson(error: RestErrorJson, status: number): RestFirestoreError;
/**
 * The error of an HTTP answer with status `status`, body `body` and content type `contentType`.
 * A body that is not Firestore's JSON error (a proxy's page, a load balancer's) is described, not
 * echoed: its HTTP status decides the code.
 */
export declare function restErrorOf(status: number, body: string, contentType?: string): RestFirestoreError;
/** A body as a short, content-free description: its type and size. */
export declare function describeBody(body: string, contentType: string): string;
