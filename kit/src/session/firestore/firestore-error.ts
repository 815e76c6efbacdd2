import { type ErrorReason, isKitError, KitError, type KitErrorCode } from '../../errors/index.js';

interface FirestoreRule {
  code: KitErrorCode;
  reason: ErrorReason;
  name: string;
}

const OURS = (name: string): FirestoreRule => ({ code: 'internal', reason: 'SERVER_MISCONFIGURED', name });
const TRANSIENT = (code: KitErrorCode, name: string): FirestoreRule => ({ code, reason: 'STORE_UNAVAILABLE', name });

// gRPC status codes Firestore reports, by who must act. The server's own credentials, rules,
// indexes and requests are the operator's (`internal`); an outage, a quota or contention is a
// retry's; a bug or a corrupt document is ours too.
const RULES: Readonly<Record<number, FirestoreRule>> = {
  1: { code: 'cancelled', reason: 'CANCELLED', name: 'CANCELLED' },
  3: OURS('INVALID_ARGUMENT'),
  4: TRANSIENT('deadline-exceeded', 'DEADLINE_EXCEEDED'),
  5: { code: 'not-found', reason: 'SESSION_NOT_FOUND', name: 'NOT_FOUND' },
  6: { code: 'already-exists', reason: 'SESSION_BUSY', name: 'ALREADY_EXISTS' },
  7: OURS('PERMISSION_DENIED'),
  8: TRANSIENT('resource-exhausted', 'RESOURCE_EXHAUSTED'),
  9: OURS('FAILED_PRECONDITION'),
  10: { code: 'aborted', reason: 'SESSION_BUSY', name: 'ABORTED' },
  11: OURS('OUT_OF_RANGE'),
  12: OURS('UNIMPLEMENTED'),
  13: { code: 'internal', reason: 'INTERNAL', name: 'INTERNAL' },
  14: TRANSIENT('unavailable', 'UNAVAILABLE'),
  15: { code: 'data-loss', reason: 'INTERNAL', name: 'DATA_LOSS' },
  16: OURS('UNAUTHENTICATED'),
};

const UNKNOWN: FirestoreRule = { code: 'unavailable', reason: 'STORE_UNAVAILABLE', name: 'UNKNOWN' };

/** The gRPC status code of a Firestore error, if it has one. */
export function firestoreCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * A Firestore failure as a kit error with the code and reason a client can act on. The message
 * is the kit's own words and the status name; Firestore's message (project ids, document paths,
 * hosts) stays in `cause`, which only the redacted log reads.
 */
export function fromFirestoreError(error: unknown, what: string): KitError {
  if (isKitError(error)) return error;
  const rule = RULES[firestoreCode(error) ?? 2] ?? UNKNOWN;
  return new KitError(rule.code, `${what} failed (Firestore ${rule.name})`, { cause: error, reason: rule.reason });
}
