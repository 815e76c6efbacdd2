/**
 * The status codes an error of a call carries. They are the gRPC/HttpsError code names, so the
 * callable layer maps them one to one and a client can act on them.
 */
export const ERROR_CODES = [
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
] as const;

/** One of {@link ERROR_CODES}, e.g. `invalid-argument`. */
export type ErrorCode = (typeof ERROR_CODES)[number];
