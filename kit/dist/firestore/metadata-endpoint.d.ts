import { type MetadataServerOptions } from './metadata-server.js';
import type { RestEndpoint } from './rest-transport.js';
/**
 * A token is renewed this long before it expires: google-auth-library's
 * `eagerRefreshThresholdMillis`, so a call never leaves with a token about to lapse on its way.
 */
export declare const RENEW_BEFORE_EXPIRY_MS: number;
/** Options of {@link MetadataEndpoint}. */
export interface MetadataEndpointOptions extends MetadataServerOptions {
    /** How long before its expiry a token is renewed. Default {@link RENEW_BEFORE_EXPIRY_MS}. */
    renewBeforeMs?: number;
    /** The clock tokens expire by (tests move it). Default `Date.now`. */
    now?: () => number;
}
/**
 * Firestore, authorized as the instance's service account: the token the metadata server gives
 * every Cloud Functions and Cloud Run instance, held until {@link RENEW_BEFORE_EXPIRY_MS} before
 * it expires (half its lifetime, if it came with less than twice that), one fetch at a time,
 * and dropped when Firestore refuses it. The project id comes from the metadata server too, for
 * a client whose options and environment name none.
 */
export declare class MetadataEndpoint implements RestEndpoint {
    readonly origin = "https://firestore.googleapis.com";
    private readonly server;
    private readonly renewBeforeMs;
    private readonly now;
    private token;
    private fetching;
    private project;
    constructor(options?: MetadataEndpointOptions);
    authorization(): Promise<string>;
    refused(authorization: string): void;
    projectId(): Promise<string>;
    private fetchToken;
}
