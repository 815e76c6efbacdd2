import { createHash } from 'node:crypto';
import { canonicalJson, type Resume } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import type { Message } from '../../model/index.js';
import type { RequestOutcome, RequestRecord, Session } from '../../session/session-schema.js';

/**
 * How many request ids a session remembers (with their digests). A retry of an id older than
 * the last {@link REQUEST_WINDOW} calls with ids is no longer known: it is admitted as a new call.
 */
export const REQUEST_WINDOW = 64;

/**
 * The digest of what a call asks for: its checked user message (so `"hi"` and `[{text:"hi"}]`
 * are one request), or its resume's replies. Ids and session ids are not part of it.
 */
export function requestDigest(message: Message | undefined, resume: Resume | undefined, snapshotId?: string): string {
  const asked = message
    ? { message: message.content, ...(snapshotId === undefined ? {} : { snapshotId }) }
    : { resume: resume ?? {} };
  // 96 bits: two different requests under one id never meet a collision in practice.
  return createHash('sha256').update(canonicalJson(asked)).digest('base64url').slice(0, 16);
}

/** The record of `requestId` in `session`, if it still holds it. */
export function findRequest(session: Session, requestId: string): RequestRecord | undefined {
  return session.requests?.find((r) => r.id === requestId);
}

/** The refusal of a request id used before for another request: nothing is written. */
export function requestIdReused(requestId: string): KitError {
  return new KitError(
    'failed-precondition',
    `request id '${requestId}' was used for another request in this session; a new call needs a new id`,
    { reason: 'REQUEST_ID_REUSED', details: { requestId } },
  );
}

/**
 * The refusal of a retry whose call has no result to give again: its owner stopped it
 * (`cancelled`, `STOPPED`, as the stopped call itself was told), a later call closed it
 * (`cut-short`, `expired`), or it `ended` on its own and its result is no longer kept.
 */
export function requestClosed(requestId: string, outcome: RequestOutcome | 'ended'): KitError {
  if (outcome === 'stopped') {
    return new KitError('cancelled', `the call with request id '${requestId}' was stopped by the user`, {
      reason: 'STOPPED',
      details: { requestId },
    });
  }
  const why =
    outcome === 'ended'
      ? 'it ended and its result is no longer kept'
      : `a later call closed it (${outcome}); the model was told what happened`;
  return new KitError('failed-precondition', `the call with request id '${requestId}' is over: ${why}`, {
    reason: 'REQUEST_CLOSED',
    details: { requestId, outcome },
  });
}

/** `requests` with `record` added as the newest, the oldest dropped past {@link REQUEST_WINDOW}. */
export function admitRequest(requests: readonly RequestRecord[] | undefined, record: RequestRecord): RequestRecord[] {
  const kept = (requests ?? []).filter((r) => r.id !== record.id);
  kept.push(record);
  return kept.slice(-REQUEST_WINDOW);
}

/** `requests` with the call of `requestId` marked as ended with `outcome` (unchanged when it isn't recorded). */
export function endRequest(
  requests: readonly RequestRecord[] | undefined,
  requestId: string | undefined,
  outcome: RequestOutcome,
): RequestRecord[] | undefined {
  if (requests === undefined || requestId === undefined) return requests as RequestRecord[] | undefined;
  if (!requests.some((r) => r.id === requestId && r.outcome === undefined)) return requests as RequestRecord[];
  return requests.map((r) => (r.id === requestId && r.outcome === undefined ? { ...r, outcome } : r));
}
