/**
 * How long the server asked us to wait before trying again, in ms, or undefined when it didn't
 * say: a kit error's `details.retryAfterMs`, else (down its causes) a `Retry-After` header or
 * the `RetryInfo.retryDelay` of a Google API error body (what Gemini sends with a 429).
 */
export declare function retryAfterMs(error: unknown, now?: number): number | undefined;
