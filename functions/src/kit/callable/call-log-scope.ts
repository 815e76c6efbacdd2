import { isKitError } from '../errors/index.js';
import { requestedSessionId } from './call-usage.js';

/** What the log line of a call names, so one call can be found among many. */
export interface CallLogScope {
  function: string;
  sessionId?: string | undefined;
  requestId?: string | undefined;
  uid?: string | undefined;
}

/** What a call's log line knows of it: the request, the function's name and, once known, its error or result. */
export interface CallLogFacts {
  function: string;
  request: { auth?: { uid: string } | undefined; data: unknown };
  error?: unknown;
  result?: unknown;
}

const stringField = (value: unknown, field: string): string | undefined => {
  const v = (value as Record<string, unknown> | null | undefined)?.[field];
  return typeof v === 'string' && v.length > 0 && v.length <= 128 ? v : undefined;
};

/**
 * The log scope of a call, derived when a line is written rather than filled in as the call
 * goes: the session is the one the result or the error names (a first call learns its id
 * there), else the one the request asked for.
 */
export function callLogScope(facts: CallLogFacts): CallLogScope {
  const failedIn = isKitError(facts.error) ? stringField(facts.error.details, 'sessionId') : undefined;
  const scope: CallLogScope = { function: facts.function };
  const sessionId = stringField(facts.result, 'sessionId') ?? failedIn ?? requestedSessionId(facts.request.data);
  if (sessionId !== undefined) scope.sessionId = sessionId;
  const requestId = stringField(facts.request.data, 'requestId');
  if (requestId !== undefined) scope.requestId = requestId;
  if (facts.request.auth) scope.uid = facts.request.auth.uid;
  return scope;
}
