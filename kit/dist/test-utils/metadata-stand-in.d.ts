import { type IncomingHttpHeaders } from 'node:http';
/** A fault the stand-in plays for one request instead of its answer. */
export type MetadataFault = 
/** Never answers (the request times out). */
'silent'
/** Closes the connection without an answer. */
 | 'reset'
/** Answers 200 with a good body but no `Metadata-Flavor` header: not the metadata server. */
 | 'no-flavor'
/** Answers this status (with the header). */
 | number;
/** One request the stand-in received. */
export interface MetadataRequest {
    path: string;
    query: URLSearchParams;
    headers: IncomingHttpHeaders;
}
/**
 * A stand-in for Google's metadata server on loopback (port 0): answers the token (`t1`, `t2`, …) and
 * project-id keys as Cloud Functions does, counts requests, and plays queued faults, one per request.
 */
export interface MetadataStandIn {
    /** `127.0.0.1:port`, for `GCE_METADATA_HOST`. */
    readonly host: string;
    /** Every request received, in order. */
    readonly requests: MetadataRequest[];
    /** The project id it answers. */
    projectId: string;
    /** The `expires_in` (seconds) of the tokens it gives. */
    expiresIn: number;
    /** The next requests get these faults, in order; later ones get answers again. */
    fail(...faults: MetadataFault[]): void;
    /** Forgets the requests, the queued faults and the tokens given (the next is `t1` again). */
    reset(): void;
    close(): Promise<void>;
}
export declare function startMetadataStandIn(): Promise<MetadataStandIn>;
