import type { FunctionsErrorCode } from 'firebase-functions/v2/https';
import type { KitErrorCode } from '../errors/index.js';

/** How a kit error reaches a client: its HttpsError code, and what of it the client may read. */
export interface WireErrorRule {
  code: FunctionsErrorCode;
  /**
   * `kit`: the kit error's message and details go to the client (they were written for it).
   * A string: the client gets this fixed message, no details (the kit's words could reveal
   * something: whose session it is, a stack, a provider's message).
   */
  message: 'kit' | string;
  /** Logged as an error (a bug or an outage) rather than as the caller's mistake. */
  logAsError: boolean;
}

/**
 * Every kit error code and how it goes over the wire (DESIGN.md, errors). Complete by type:
 * a new code fails to compile until it is given a rule here.
 */
export const WIRE_ERROR_RULES: Readonly<Record<KitErrorCode, WireErrorRule>> = {
  cancelled: { code: 'cancelled', message: 'kit', logAsError: false },
  unknown: { code: 'unknown', message: 'unknown error', logAsError: true },
  'invalid-argument': { code: 'invalid-argument', message: 'kit', logAsError: false },
  'deadline-exceeded': { code: 'deadline-exceeded', message: 'kit', logAsError: true },
  'not-found': { code: 'not-found', message: 'kit', logAsError: false },
  'already-exists': { code: 'already-exists', message: 'kit', logAsError: false },
  // Another user's session: they learn that they may not, and nothing about it.
  'permission-denied': { code: 'permission-denied', message: 'permission denied', logAsError: false },
  'resource-exhausted': { code: 'resource-exhausted', message: 'kit', logAsError: true },
  'failed-precondition': { code: 'failed-precondition', message: 'kit', logAsError: false },
  aborted: { code: 'aborted', message: 'kit', logAsError: false },
  'out-of-range': { code: 'out-of-range', message: 'kit', logAsError: false },
  unimplemented: { code: 'unimplemented', message: 'kit', logAsError: true },
  internal: { code: 'internal', message: 'internal error', logAsError: true },
  unavailable: { code: 'unavailable', message: 'kit', logAsError: true },
  'data-loss': { code: 'data-loss', message: 'internal error', logAsError: true },
  unauthenticated: { code: 'unauthenticated', message: 'kit', logAsError: false },
};
