/** What the log line of a call names, so one call can be found among many. */
export interface CallLogScope {
    function: string;
    sessionId?: string | undefined;
    requestId?: string | undefined;
    uid?: string | undefined;
}
/**
 * The log scope of a call, derived when a line is written rather than filled in as the call
 * goes: the session is the one its result or error names (a first call learns its id there),
 * else the one its request asked for.
 */
export declare function callLogScope(facts: {
    function: string;
    request: {
        auth?: {
            uid: string;
        } | undefined;
        data: unknown;
    };
    error?: unknown;
    result?: unknown;
}): CallLogScope;
