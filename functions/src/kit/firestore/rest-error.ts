/** gRPC status codes by the name the REST API reports them under (`error.status`). */
const CODES: Readonly<Record<string, number>> = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
};

/** By HTTP status, for an answer without a JSON error (a proxy's, a load balancer's). */
const BY_HTTP: Readonly<Record<number, number>> = { 400: 3, 401: 16, 403: 7, 404: 5, 409: 10, 429: 8, 503: 14, 504: 4 };

/**
 * A failed Firestore REST call, with the gRPC status `code` the SDK's errors carry, so one mapping
 * (`fromFirestoreError`) serves both clients.
 */
export class RestFirestoreError extends Error {
  override readonly name = 'RestFirestoreError';
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** The error of an HTTP answer with status `status` and body `body`. */
export function restErrorOf(status: number, body: string): RestFirestoreError {
  let name: string | undefined;
  let message = body.slice(0, 300);
  try {
    const parsed = JSON.parse(body) as { error?: { status?: string; message?: string } } | Array<unknown>;
    const error = Array.isArray(parsed)
      ? (parsed[0] as { error?: { status?: string; message?: string } })?.error
      : parsed.error;
    name = error?.status;
    message = error?.message ?? message;
  } catch {
    // Not JSON: the HTTP status decides.
  }
  const code = (name ? CODES[name] : undefined) ?? BY_HTTP[status] ?? (status >= 500 ? 14 : 2);
  return new RestFirestoreError(code, `${name ?? `HTTP ${status}`}: ${message}`);
}
