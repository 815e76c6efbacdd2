import * as logger from 'firebase-functions/logger';
import { HttpsError } from 'firebase-functions/v2/https';
import { isKitError } from '../errors/index.js';
import { redactSecrets } from '../trace/redact-secrets.js';
import { WIRE_ERROR_RULES } from './error-codes.js';

/** What the log line of a failed call names, so one call can be found among many. */
export interface CallLogScope {
  function: string;
  sessionId?: string | undefined;
  requestId?: string | undefined;
  uid?: string | undefined;
}

/**
 * An error as a log entry can hold it (the logger writes an Error's own fields as `{}`), with
 * secrets taken out: an SDK's message may quote a URL with its key, a driver's a password.
 */
function loggable(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactSecrets(error) : error;
  const entry: Record<string, unknown> = {
    name: error.name,
    message: redactSecrets(error.message),
    stack: error.stack === undefined ? undefined : redactSecrets(error.stack),
  };
  if (error.cause !== undefined) entry.cause = loggable(error.cause);
  return entry;
}

/**
 * The HttpsError a client gets for `error`. Kit errors follow {@link WIRE_ERROR_RULES}; an
 * HttpsError a flow threw on purpose passes through; anything else is a bug or an outage we did
 * not name: logged with the session id and surfaced as `internal` with no details.
 */
export function toHttpsError(error: unknown, scope: CallLogScope): HttpsError {
  if (error instanceof HttpsError) return error;
  if (isKitError(error)) {
    const rule = WIRE_ERROR_RULES[error.code];
    const log = rule.logAsError ? logger.error : logger.warn;
    log(`${scope.function}: ${error.code}: ${redactSecrets(error.message)}`, {
      ...scope,
      code: error.code,
      cause: loggable(error.cause),
    });
    return rule.message === 'kit'
      ? new HttpsError(rule.code, error.message, error.details)
      : new HttpsError(rule.code, rule.message);
  }
  logger.error(`${scope.function}: unexpected error`, { ...scope, error: loggable(error) });
  return new HttpsError('internal', 'internal error');
}
