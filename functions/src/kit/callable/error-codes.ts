import type { FunctionsErrorCode } from 'firebase-functions/v2/https';
import type { ErrorReason, KitErrorCode } from '../errors/index.js';

/** How a kit error reaches a client: its HttpsError code, and what of it the client may read. */
export interface WireErrorRule {
  code: FunctionsErrorCode;
  /**
   * `kit`: the kit error's message and details go to the client (they were written for it).
   * A string: the client gets this fixed message and only the reason (and a `retryAfterMs`) of
   * the details (the kit's words could reveal something: whose session it is, a stack).
   */
  message: 'kit' | string;
  /** Logged as an error (a bug or an outage) rather than as the caller's mistake. */
  logAsError: boolean;
  /**
   * The reason a client gets when the error names none: the likeliest cause of the code in a
   * call to an agent. Kit layers that know better set their own (README, error reasons).
   */
  reason: ErrorReason;
}

/**
 * Every kit error code and how it goes over the wire (README, errors: code and reason). Complete by type:
 * a new code fails to compile until it is given a rule here.
 */
export const WIRE_ERROR_RULES: Readonly<Record<KitErrorCode, WireErrorRule>> = {
  cancelled: { code: 'cancelled', message: 'kit', logAsError: false, reason: 'CANCELLED' },
  unknown: { code: 'unknown', message: 'unknown error', logAsError: true, reason: 'INTERNAL' },
  'invalid-argument': { code: 'invalid-argument', message: 'kit', logAsError: false, reason: 'INVALID_FIELD' },
  'deadline-exceeded': { code: 'deadline-exceeded', message: 'kit', logAsError: true, reason: 'DEADLINE' },
  'not-found': { code: 'not-found', message: 'kit', logAsError: false, reason: 'SESSION_NOT_FOUND' },
  // Two calls creating one session at once: the loser retries and finds it.
  'already-exists': { code: 'already-exists', message: 'kit', logAsError: false, reason: 'SESSION_BUSY' },
  // Another user's session: they learn that they may not, and nothing about it.
  'permission-denied': {
    code: 'permission-denied',
    message: 'permission denied',
    logAsError: false,
    reason: 'NOT_OWNER',
  },
  'resource-exhausted': { code: 'resource-exhausted', message: 'kit', logAsError: true, reason: 'RATE_LIMITED' },
  'failed-precondition': {
    code: 'failed-precondition',
    message: 'kit',
    logAsError: false,
    reason: 'NOTHING_TO_RESUME',
  },
  aborted: { code: 'aborted', message: 'kit', logAsError: false, reason: 'SESSION_BUSY' },
  'out-of-range': { code: 'out-of-range', message: 'kit', logAsError: false, reason: 'INVALID_FIELD' },
  unimplemented: { code: 'unimplemented', message: 'kit', logAsError: true, reason: 'SERVER_MISCONFIGURED' },
  internal: { code: 'internal', message: 'internal error', logAsError: true, reason: 'INTERNAL' },
  // Models name MODEL_UNAVAILABLE themselves (defineModel fills it in), so what is left is the store.
  unavailable: { code: 'unavailable', message: 'kit', logAsError: true, reason: 'STORE_UNAVAILABLE' },
  'data-loss': { code: 'data-loss', message: 'internal error', logAsError: true, reason: 'INTERNAL' },
  unauthenticated: { code: 'unauthenticated', message: 'kit', logAsError: false, reason: 'UNAUTHENTICATED' },
};
