import { ERROR_CODES, type ErrorCode, type ErrorReason } from '@callable-flows/protocol';

/** The status code of a function's error (the HttpsError code names). */
export type FlowErrorCode = ErrorCode;

/**
 * Why a call failed, as `details.reason` says. Switch on it, never on message text; a reason
 * this client version doesn't know still arrives as a string.
 */
export type FlowErrorReason = ErrorReason | (string & {});

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

const FLOW_ERROR_MARK = Symbol.for('callable-flows.client.FlowError');

/** A function's refusal or failure, with the reason a client switches on. */
export class FlowError extends Error {
  readonly code: FlowErrorCode;
  /** `details.reason`; undefined when the function (or the network) named none. */
  readonly reason: FlowErrorReason | undefined;
  /** How long to wait before trying again, when the function said (e.g. `SESSION_BUSY`). */
  readonly retryAfterMs: number | undefined;
  /** The session the call ran in, when a first call failed after creating one: retry or resume it. */
  readonly sessionId: string | undefined;
  /** The error's `details`: safe data such as the invalid field's path. */
  readonly details: Record<string, unknown> | undefined;
  readonly [FLOW_ERROR_MARK] = true;

  constructor(code: FlowErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FlowError';
    this.code = code;
    this.details = details;
    this.reason = typeof details?.reason === 'string' ? details.reason : undefined;
    this.retryAfterMs =
      typeof details?.retryAfterMs === 'number' && details.retryAfterMs >= 0 ? details.retryAfterMs : undefined;
    this.sessionId = typeof details?.sessionId === 'string' ? details.sessionId : undefined;
  }
}

/** True for a {@link FlowError}, from this copy of the client or another. */
export function isFlowError(value: unknown): value is FlowError {
  return typeof value === 'object' && value !== null && FLOW_ERROR_MARK in value;
}

/** The {@link FlowError} of whatever a call threw: a Firebase `FunctionsError` (`functions/<code>`) or anything else. */
export function toFlowError(error: unknown): FlowError {
  if (isFlowError(error)) return error;
  const raw = error as { code?: unknown; message?: unknown; details?: unknown } | null;
  const code = typeof raw?.code === 'string' ? raw.code.replace(/^functions\//, '') : '';
  const message = typeof raw?.message === 'string' ? raw.message : String(error);
  const details =
    typeof raw?.details === 'object' && raw.details !== null ? (raw.details as Record<string, unknown>) : undefined;
  return new FlowError(CODES.has(code) ? (code as FlowErrorCode) : 'unknown', message, details, { cause: error });
}
