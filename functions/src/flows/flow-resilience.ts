import { fallback, type Model, type ModelMiddleware, retry } from '@callable-flows/kit/model/index.js';

/** The longest wait for a model's quota the example flows accept before falling back (or giving up). */
export const FLOW_MAX_RETRY_AFTER_MS = 10_000;

/**
 * What the example flows do about a passing model failure: a 429 or a timeout is retried on
 * the primary model (as long as its RetryInfo / Retry-After says, up to 10 s; else backoff),
 * while an overloaded primary (503, 500) or one whose quota stays spent goes to `fallbacks`
 * at once, because those failures tend to last minutes and another model answers now.
 * Never repeats a call that already streamed.
 */
export function flowResilience(
  fallbacks: readonly Model[],
  options: { initialDelayMs?: number } = {},
): ModelMiddleware[] {
  const onPrimary = retry({
    statuses: ['resource-exhausted', 'deadline-exceeded'],
    maxRetries: 2,
    initialDelayMs: options.initialDelayMs ?? 500,
    maxDelayMs: 4_000,
    maxRetryAfterMs: FLOW_MAX_RETRY_AFTER_MS,
  });
  return fallbacks.length ? [fallback({ models: fallbacks }), onPrimary] : [onPrimary];
}
