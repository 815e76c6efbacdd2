/**
 * Waits before attempt `attempt + 1` of a call that failed for a passing reason: `baseMs`,
 * doubled with each attempt, jittered between half and one and a half times, so callers that
 * failed together don't meet again.
 */
export function backoff(baseMs: number, attempt: number): Promise<void> {
  const ms = baseMs * 2 ** (attempt - 1) * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}
