/** How the metadata server is asked. */
export interface MetadataServerOptions {
    /**
     * `host[:port]` or an `http://` URL: `GCE_METADATA_IP` or `GCE_METADATA_HOST`, as gcp-metadata
     * reads them (see {@link metadataHostFromEnv}). Default 169.254.169.254.
     */
    host?: string;
    /** Attempts in all while the server does not answer or answers 5xx/408/429. Default 4. */
    attempts?: number;
    /** How long one attempt waits. Default 3 s. */
    attemptTimeoutMs?: number;
    /** The wait before the second attempt; it doubles each time. Default 100 ms. */
    retryBaseMs?: number;
}
/** The metadata server's address as gcp-metadata finds it: `GCE_METADATA_IP`, then `GCE_METADATA_HOST`. */
export declare function metadataHostFromEnv(env?: NodeJS.ProcessEnv): string | undefined;
/**
 * Google's metadata server (what every Cloud Functions and Cloud Run instance has on its own
 * host), asked as gcp-metadata asks it: with `Metadata-Flavor: Google`, and an answer counts only
 * when it carries that header back — anything else at that address is not the metadata server.
 * A connection that fails, an attempt that times out, a 5xx, 408 or 429 is tried again with
 * backoff, a bounded number of times, and then fails `UNAVAILABLE` (a passing failure). A
 * definite answer (403, 404: no service account, no such key) or a stranger's answer fails
 * `UNAUTHENTICATED` at once: the operator must act.
 */
export declare class MetadataServer {
    private readonly url;
    private readonly attempts;
    private readonly attemptTimeoutMs;
    private readonly retryBaseMs;
    constructor(options?: MetadataServerOptions);
    /** The text of `/computeMetadata/v1/<key>` (`key` may carry a query). */
    get(key: string): Promise<string>;
    /** One attempt: the answer's text, or why it failed. Never rejects. */
    private once;
}
