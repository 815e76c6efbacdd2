import { abortError, isKitError, KitError, type KitErrorCode } from '../../errors/index.js';

/** What the adapter knows about a failed call beside the error itself. */
export interface FailedCall {
  model: string;
  caller: AbortSignal | undefined;
  timedOut: boolean;
  timeoutMs: number;
}

/** HTTP statuses Gemini answers with, as kit codes; other 4xx are the request's fault, other 5xx transient. */
export const STATUS_CODES: Readonly<Record<number, KitErrorCode>> = {
  400: 'invalid-argument',
  401: 'permission-denied',
  403: 'permission-denied',
  404: 'not-found',
  408: 'deadline-exceeded',
  409: 'aborted',
  412: 'failed-precondition',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'unavailable',
  501: 'unimplemented',
  502: 'unavailable',
  503: 'unavailable',
  504: 'deadline-exceeded',
};

/** The kit code for an HTTP status from Gemini. */
export function codeForStatus(status: number): KitErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'unavailable' : 'invalid-argument');
}

// Node's fetch (undici) reports a refused, reset or cut connection as a TypeError whose
// cause carries a system or undici code.
const NETWORK_CODE = /^(E[A-Z]+|UND_ERR_\w+)$/;

function isNetworkError(error: Error): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODE.test(code)) return true;
    if (e.name === 'TypeError' && (e.message === 'fetch failed' || e.message === 'terminated')) return true;
  }
  return false;
}

// The SDK's words for a body it could not read: a cut-off event, a chunk that isn't JSON.
const MALFORMED = /Incomplete JSON segment|exception parsing stream chunk|is not valid JSON|Unexpected (end|token)/;

/** Gemini's own error message, out of the SDK's `ApiError` (whose message is the JSON body). */
function apiMessage(error: Error): { message: string; providerStatus?: string } {
  try {
    const body = JSON.parse(error.message) as { error?: { message?: string; status?: string } };
    const message = body.error?.message;
    if (message) return body.error?.status ? { message, providerStatus: body.error.status } : { message };
  } catch {
    // The message wasn't the JSON body (an error event mid-stream reads `got status: …`).
  }
  return { message: error.message };
}

/**
 * Any failure of a Gemini call as a kit error with a code a caller can act on: HTTP statuses
 * by table, the caller's abort as `aborted`, the call's deadline as `deadline-exceeded`,
 * network failures and unreadable bodies as `unavailable`.
 */
export function toKitError(error: unknown, call: FailedCall): KitError {
  if (isKitError(error)) return error;
  const what = `Gemini call to '${call.model}'`;
  if (call.caller?.aborted) return abortError(call.caller, what);
  if (call.timedOut) {
    return new KitError('deadline-exceeded', `${what} took longer than ${call.timeoutMs} ms`, { cause: error });
  }
  if (!(error instanceof Error)) return new KitError('unknown', `${what} failed: ${String(error)}`, { cause: error });
  const status = (error as { status?: unknown }).status;
  if (error.name === 'ApiError' && typeof status === 'number') {
    const { message, providerStatus } = apiMessage(error);
    const details: Record<string, unknown> = { status };
    if (providerStatus) details.providerStatus = providerStatus;
    return new KitError(codeForStatus(status), `${what} failed (${status}): ${message}`, { cause: error, details });
  }
  if (error.name === 'AbortError') return new KitError('aborted', `${what} was aborted`, { cause: error });
  if (isNetworkError(error)) {
    return new KitError('unavailable', `${what} lost its connection: ${error.message}`, { cause: error });
  }
  if (error instanceof SyntaxError || MALFORMED.test(error.message)) {
    return new KitError('unavailable', `${what} returned a malformed body: ${error.message}`, { cause: error });
  }
  if (/only supported in|not supported/.test(error.message)) {
    return new KitError('invalid-argument', `${what}: ${error.message}`, { cause: error });
  }
  return new KitError('unknown', `${what} failed: ${error.message}`, { cause: error });
}
