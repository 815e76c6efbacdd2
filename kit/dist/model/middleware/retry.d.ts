import { type KitErrorCode } from '../../errors/index.js';
import type { ModelMiddleware } from '../model.js';
/** Options of {@link retry}. */
export interface RetryOptions {
    /** Retries after the first attempt. Default 3. */
    maxRetries?: number;
    /** Codes worth another try. Default: unavailable, resource-exhausted, deadline-exceeded. */
    statuses?: readonly KitErrorCode[];
    /** First delay. Default 1,000 ms. */
    initialDelayMs?: number;
    /** Upper bound of one delay. Default 60,000 ms. */
    maxDelayMs?: number;
    /** Growth of the delay per attempt. Default 2. */
    backoffFactor?: number;
    /** Spread delays randomly over their upper half so that callers don't retry in step. Default true. */
    jitter?: boolean;
    /**
     * The longest wait a server may ask for (`Retry-After`, a RetryInfo, `details.retryAfterMs`);
     * a longer one ends the retries at once, so the error (and when to retry) goes up to a
     * fallback or the client instead of holding the call. Default `maxDelayMs`.
     */
    maxRetryAfterMs?: number;
    /** Told before each wait, for logging. */
    onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}
export declare const RETRYABLE_CODES: readonly KitErrorCode[];
/** The wait before retry number `attempt` (0-based), before jitter. */
export declare function backoffDelay(attempt: number, options: RetryOptions): number;
/**
 * Calls again, with exponential backoff and jitter, when the model fails with a transient
 * code; when the server says how long to wait (`Retry-After`, Gemini's RetryInfo), it waits
 * that long instead, or gives up at once if that is longer than `maxRetryAfterMs`. It stops at
 * once when the caller aborts, and never repeats a call that has already streamed chunks.
 */
export declare function retry(options?: RetryOptions): ModelMiddleware;
