import { type FlowError, toFlowError } from '@callable-flows/client';
import { describe, expect, it } from 'vitest';
import { errorWords, OFFLINE_NOT_SENT_WORDS } from './error-words.js';

/** An error as the Firebase JS SDK throws it: a code with the service's prefix, the HttpsError's details. */
const sdkError = (code: string, details?: Record<string, unknown>, message = code) =>
  Object.assign(new Error(message), { code, details });

/** A call's error as the typed client throws it: the SDK's `functions/…` error as a FlowError. */
const callError = (code: string, details?: Record<string, unknown>, message = code): FlowError =>
  toFlowError(sdkError(`functions/${code}`, details, message));

describe('errorWords', () => {
  it('says a message was not sent, to retry when back online, when a call failed offline without an answer', () => {
    for (const code of ['internal', 'unavailable', 'deadline-exceeded']) {
      const words = errorWords(callError(code), false);
      expect(words).toMatchObject({ text: OFFLINE_NOT_SENT_WORDS, retry: true, uncertain: false, offline: true });
    }
  });

  it('keeps the server’s refusal when a call was answered with one though the browser went offline since', () => {
    const words = errorWords(callError('failed-precondition', { reason: 'APPROVAL_EXPIRED' }), false);
    expect(words).toMatchObject({ expired: true });
    expect(words.offline).toBeUndefined();
  });

  it('says the conversation is not theirs when a read or call is refused with permission-denied', () => {
    expect(errorWords(sdkError('firestore/permission-denied')).text).toContain("You don't have permission");
    const words = errorWords(callError('permission-denied', { reason: 'NOT_OWNER' }));
    expect(words).toMatchObject({ code: 'permission-denied', reason: 'NOT_OWNER' });
    expect(words.text).toContain('another account');
  });

  it('says a queued message can no longer be taken back when the reason is ALREADY_RUNNING or NOT_QUEUED', () => {
    expect(errorWords(callError('failed-precondition', { reason: 'ALREADY_RUNNING' })).text).toContain('started on');
    expect(errorWords(callError('failed-precondition', { reason: 'NOT_QUEUED' })).text).toContain('no longer waiting');
  });

  it('says the approval expired when the reason is APPROVAL_EXPIRED, whatever the message says', () => {
    const words = errorWords(callError('failed-precondition', { reason: 'APPROVAL_EXPIRED' }, 'zzz'));
    expect(words).toMatchObject({ expired: true, retry: false });
    expect(words.text).toContain('expired');
  });

  it('says the approval can no longer be done, and to send a message, when the reason is TOOL_CHANGED', () => {
    const words = errorWords(callError('failed-precondition', { reason: 'TOOL_CHANGED', name: 'x', ref: 'r' }));
    expect(words).toMatchObject({ notRun: true, expired: false, retry: false });
    expect(words.text).toContain('send a message');
    expect(errorWords(callError('failed-precondition', { reason: 'APPROVAL_STALE' })).notRun).toBe(false);
  });

  it('never reads the message: an "expired" message without the reason is not an expiry', () => {
    const words = errorWords(callError('failed-precondition', { reason: 'ALREADY_ANSWERED' }, 'expired'));
    expect(words.expired).toBe(false);
    expect(words.text).toBe('That approval was already answered.');
  });

  it('asks to try again, with the wait the server named, when the session is busy', () => {
    const words = errorWords(callError('aborted', { reason: 'SESSION_BUSY', retryAfterMs: 2000 }));
    expect(words).toMatchObject({ retry: true, uncertain: false, retryAfterMs: 2000 });
    expect(words.text).toContain('Try again');
  });

  it('says the outcome is uncertain when the answer was lost', () => {
    expect(errorWords(callError('internal'))).toMatchObject({ uncertain: true, retry: true });
  });

  it('asks for the approval first when the reason is INTERRUPT_PENDING', () => {
    const words = errorWords(callError('failed-precondition', { reason: 'INTERRUPT_PENDING' }));
    expect(words.text).toBe('Please answer the approval above first.');
  });

  it('blames the setup, not the person, when the server is misconfigured (a bad or missing model key)', () => {
    const words = errorWords(callError('internal', { reason: 'SERVER_MISCONFIGURED' }));
    expect(words.text).toContain('not set up correctly');
    expect(words.text).not.toMatch(/already answered|another account/);
  });

  it('asks for an update, with no retry, when the server no longer answers the protocol version of the app', () => {
    const words = errorWords(callError('failed-precondition', { reason: 'UNSUPPORTED_VERSION' }));
    expect(words.text).toContain('out of date');
    expect(words.retry).toBe(false);
  });

  it('says to slow down when the reason is RATE_LIMITED', () => {
    const words = errorWords(callError('resource-exhausted', { reason: 'RATE_LIMITED', retryAfterMs: 30_000 }));
    expect(words).toMatchObject({ reason: 'RATE_LIMITED', retry: true, retryAfterMs: 30_000 });
    expect(words.text).toBe("You're sending messages too fast — try again in 30 s.");
    expect(words.countdown?.(4)).toBe("You're sending messages too fast — try again in 4 s.");
  });

  it('words a model quota apart from the user’s own limits', () => {
    expect(errorWords(callError('resource-exhausted', { reason: 'MODEL_QUOTA' })).text).toContain('very busy');
    expect(errorWords(callError('resource-exhausted', { reason: 'BUDGET_EXHAUSTED' })).retry).toBe(false);
  });

  it('words a refused request without echoing the server’s message', () => {
    const words = errorWords(
      callError('invalid-argument', { reason: 'INVALID_FIELD', field: 'message' }, 'internal detail'),
    );
    expect(words.text).not.toContain('internal detail');
  });

  it('falls back to the code when the server sent no reason', () => {
    expect(errorWords(callError('unavailable')).retry).toBe(true);
    expect(errorWords(callError('unavailable', { reason: 'SOMETHING_NEW' })).text).toContain("can't be reached");
  });

  it('reads no reason when the error is not a call’s (a Firestore read’s details are not the kit’s)', () => {
    expect(errorWords(sdkError('firestore/unavailable', { reason: 'RATE_LIMITED' }))).toMatchObject({
      reason: undefined,
      retry: true,
    });
  });

  it('words an error without a code as a failure on our side', () => {
    expect(errorWords(new Error('boom'))).toMatchObject({ code: 'unknown', retry: true });
  });
});
