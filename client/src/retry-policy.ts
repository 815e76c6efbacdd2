import type { FlowError } from './flow-error.js';

/** How a call is retried when the function says a retry may succeed. */
export interface RetryPolicy {
  /** Attempts in all, the first included. Default 4. */
  maxAttempts?: number;
  /** First wait. Default 250 ms. */
  initialDelayMs?: number;
  /** Upper bound of one wait, even when the function asks for longer. Default 5,000 ms. */
  maxDelayMs?: number;
}

/**
 * True when the same call (same `requestId`) may be sent again: the function was unavailable,
 * or the session was busy with another call. The request id makes the retry safe: a turn the
 * function already ran is answered from its stored result, never run twice.
 */
export function isRetryable(error: FlowError): boolean {
  return error.code === 'unavailable' || error.reason === 'SESSION_BUSY';
}

/** The wait before retry number `attempt` (1-based): what the function asked for, else exponential backoff with jitter. */
export function retryDelay(error: FlowError, attempt: number, policy: RetryPolicy, random = Math.random): number {
  const max = policy.maxDelayMs ?? 5_000;
  if (error.retryAfterMs !== undefined) return Math.min(max, error.retryAfterMs);
  const ceiling = Math.min(max, (policy.initialDelayMs ?? 250) * 2 ** (attempt - 1));
  return ceiling / 2 + (random() * ceiling) / 2;
}
