import { isKitError, KitError, type KitErrorCode } from '../../errors/index.js';

// gRPC status codes Firestore reports, and what a caller can do about each.
const CODES: Record<number, KitErrorCode> = {
  1: 'cancelled',
  3: 'invalid-argument',
  4: 'deadline-exceeded',
  5: 'not-found',
  6: 'already-exists',
  7: 'permission-denied',
  8: 'resource-exhausted',
  9: 'failed-precondition',
  10: 'aborted',
  11: 'out-of-range',
  12: 'unimplemented',
  13: 'internal',
  14: 'unavailable',
  15: 'data-loss',
  16: 'unauthenticated',
};

/** The gRPC status code of a Firestore error, if it has one. */
export function firestoreCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** A Firestore failure as a kit error with the code a client can act on. */
export function fromFirestoreError(error: unknown, what: string): KitError {
  if (isKitError(error)) return error;
  const code = CODES[firestoreCode(error) ?? 2] ?? 'unknown';
  const reason = error instanceof Error ? error.message : String(error);
  return new KitError(code, `${what} failed: ${reason}`, { cause: error });
}
