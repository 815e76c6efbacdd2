import { isKitError } from '../../errors/index.js';
import { retryAfterMs } from './retry-after.js';
import { sleep } from './sleep.js';
import { trackStreaming } from './stream-guard.js';
export const RETRYABLE_CODES = ['unavailable', 'resource-exhausted', 'deadline-exceeded'];
/** The wait before retry number `attempt` (0-based), before jitter. */
export function backoffDelay(attempt, options) {
    const initial = options.initialDelayMs ?? 1000;
    return Math.min(options.maxDelayMs ?? 60_000, initial * (options.backoffFactor ?? 2) ** attempt);
}
/** The wait before retry number `attempt` (0-based) after `error`, or undefined to stop retrying. */
function delayFor(error, attempt, options) {
    const asked = retryAfterMs(error);
    if (asked !== undefined)
        return asked <= (options.maxRetryAfterMs ?? options.maxDelayMs ?? 60_000) ? asked : undefined;
    const ceiling = backoffDelay(attempt, options);
    return options.jitter === false ? ceiling : ceiling / 2 + (Math.random() * ceiling) / 2;
}
/**
 * Calls again, with exponential backoff and jitter, when the model fails with a transient
 * code; when the server says how long to wait (`Retry-After`, Gemini's RetryInfo), it waits
 * that long instead, or gives up at once if that is longer than `maxRetryAfterMs`. It stops at
 * once when the caller aborts, and never repeats a call that has already streamed chunks.
 */
export function retry(options = {}) {
    const maxRetries = options.maxRetries ?? 3;
    const statuses = options.statuses ?? RETRYABLE_CODES;
    return async (request, callOptions, next) => {
        for (let attempt = 0;; attempt++) {
            const tracked = trackStreaming(callOptions);
            try {
                return await next(request, tracked.options);
            }
            catch (error) {
                const retryable = isKitError(error) && statuses.includes(error.code);
                if (!retryable || attempt >= maxRetries || tracked.streamed() || callOptions.signal?.aborted)
                    throw error;
                const delay = delayFor(error, attempt, options);
                if (delay === undefined)
                    throw error;
                options.onRetry?.(error, attempt + 1, delay);
                await sleep(delay, callOptions.signal);
            }
        }
    };
}
//# sourceMappingURL=retry.js.map