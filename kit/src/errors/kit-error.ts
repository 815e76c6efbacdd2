import { ERROR_REASONS, type ErrorCode, type ErrorReason } from '@callable-flows/protocol';

/** A kit error code, e.g. `invalid-argument`: one of the protocol's `ERROR_CODES`. */
export type KitErrorCode = ErrorCode;

// A registry-wide symbol, so two copies of the kit (two bundles, two versions) still
// recognise each other's errors where `instanceof` would fail.
const KIT_ERROR_MARK = Symbol.for('callable-flows.KitError');

/** Options for a {@link KitError}. */
export interface KitErrorOptions {
  /** Data that is safe to show a client (field names, limits); never secrets. */
  details?: Record<string, unknown>;
  /** Why, for a client to switch on; stored as `details.reason`. */
  reason?: ErrorReason;
  cause?: unknown;
}

/** The one error class of the kit: a code a caller can act on, a message, safe details. */
export class KitError extends Error {
  readonly code: KitErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly [KIT_ERROR_MARK] = true;

  constructor(code: KitErrorCode, message: string, options: KitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitError';
    this.code = code;
    this.details = options.reason === undefined ? options.details : { ...options.details, reason: options.reason };
  }

  /** The reason a client switches on, when the error names one. */
  get reason(): ErrorReason | undefined {
    const reason = this.details?.reason;
    return typeof reason === 'string' && (ERROR_REASONS as readonly string[]).includes(reason)
      ? (reason as ErrorReason)
      : undefined;
  }
}

/** True for any kit error, from this copy of the kit or another one. */
export function isKitError(value: unknown): value is KitError {
  return typeof value === 'object' && value !== null && KIT_ERROR_MARK in value;
}
