/** The `details` of an HttpsError as the Firebase JS SDK hands them over. */
interface ErrorDetails {
  reason?: unknown;
  retryAfterMs?: unknown;
}

const detailsOf = (error: unknown): ErrorDetails | undefined => {
  const details = (error as { details?: unknown } | null)?.details;
  return typeof details === 'object' && details !== null ? (details as ErrorDetails) : undefined;
};

/** The kit's reason for a failed call (`details.reason`, DESIGN.md), if it gave one. */
export function errorReason(error: unknown): string | undefined {
  const reason = detailsOf(error)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** How long the kit asked the caller to wait before trying again (`details.retryAfterMs`), if it said. */
export function retryAfterMs(error: unknown): number | undefined {
  const wait = detailsOf(error)?.retryAfterMs;
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : undefined;
}
