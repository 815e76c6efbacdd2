import { type Resume } from '@callable-flows/protocol';
import { KitError } from '../../errors/index.js';
import type { Message } from '../../model/index.js';
import type { RequestOutcome, RequestRecord, Session } from '../../session/session-schema.js';
/**
 * How many request ids a session remembers (with their digests). A retry of an id older than
 * the last {@link REQUEST_WINDOW} calls with ids is no longer known: it is admitted as a new call.
 */
export declare const REQUEST_WINDOW = 64;
/**
 * The digest of what a call asks for: its checked user message (so `"hi"` and `[{text:"hi"}]`
 * are one request), or its resume's replies. Ids and session ids are not part of it.
 */
export declare function requestDigest(message: Message | undefined, resume: Resume | undefined): string;
/** The record of `requestId` in `session`, if it still holds it. */
export declare function findRequest(session: Session, requestId: string): RequestRecord | undefined;
/** The refusal of a request id used before for another request: nothing is written. */
export declare function requestIdReused(requestId: string): KitError;
/**
 * The refusal of a retry whose call has no result to give again: its owner stopped it
 * (`cancelled`, `STOPPED`, as the stopped call itself was told), a later call closed it
 * (`cut-short`, `expired`), or it `ended` on its own and its result is no longer kept.
 */
export declare function requestClosed(requestId: string, outcome: RequestOutcome | 'ended'): KitError;
/** `requests` with `record` added as the newest, the oldest dropped past {@link REQUEST_WINDOW}. */
export declare function admitRequest(requests: readonly RequestRecord[] | undefined, record: RequestRecord): RequestRecord[];
/** `requests` with the call of `requestId` marked as ended with `outcome` (unchanged when it isn't recorded). */
export declare function endRequest(requests: readonly RequestRecord[] | undefined, requestId: string | undefined, outcome: RequestOutcome): RequestRecord[] | undefined;
