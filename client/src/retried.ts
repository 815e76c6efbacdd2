import { toFlowError } from './flow-error.js';
import { isRetryable, type RetryPolicy, retryDelay } from './retry-policy.js';

/** How `retried` waits between attempts, and when it gives up. */
export interface RetryContext {
  policy: RetryPolicy;
  /** Waits between retries (tests pass a fake clock). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Gives up the call and its retries. */
  signal?: AbortSignal | undefined;
}

/** A timer that a signal cuts short (rejecting with the signal's reason). */
export const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Runs `attempt` again (the same request: its request id makes that safe) while it fails with an
 * error worth another try (`isRetryable`), up to the policy's attempts, waiting as the function
 * asked or backing off, until the signal aborts. `final()` true means a retry would mislead the
 * caller (it has already seen part of this attempt): the failure goes to the caller instead.
 * Failures are `FlowError`s.
 */
export async function retried<R>(
  attempt: () => Promise<R>,
  context: RetryContext,
  final: () => boolean = () => false,
): Promise<R> {
  const maxAttempts = Math.max(1, context.policy.maxAttempts ?? 4);
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (raw) {
      const error = toFlowError(raw);
      if (!isRetryable(error) || final() || n >= maxAttempts || context.signal?.aborted) throw error;
      await context.sleep(retryDelay(error, n, context.policy), context.signal);
    }
  }
}
