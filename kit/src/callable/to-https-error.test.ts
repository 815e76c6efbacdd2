import { ERROR_CODES, ERROR_REASONS } from '@callable-flows/protocol';
import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { KitError } from '../errors/index.js';
import { WIRE_ERROR_RULES } from './error-codes.js';
import { toHttpsError } from './to-https-error.js';

const scope = { function: 'test', sessionId: 's1' };
const reasonOf = (error: HttpsError) => (error.details as { reason?: unknown } | undefined)?.reason;

describe('toHttpsError', () => {
  it('maps every kit code to an HttpsError with a reason from the enum when the kit error names none', () => {
    for (const code of ERROR_CODES) {
      const error = toHttpsError(new KitError(code, `kit says ${code}`), scope);
      expect(error).toBeInstanceOf(HttpsError);
      expect(error.code).toBe(code);
      expect(ERROR_REASONS).toContain(reasonOf(error));
      expect(reasonOf(error)).toBe(WIRE_ERROR_RULES[code].reason);
    }
  });

  it.each([
    ['invalid-argument', 'INVALID_FIELD'],
    ['not-found', 'SESSION_NOT_FOUND'],
    ['permission-denied', 'NOT_OWNER'],
    ['aborted', 'SESSION_BUSY'],
    ['unavailable', 'STORE_UNAVAILABLE'],
    ['internal', 'INTERNAL'],
    ['unauthenticated', 'UNAUTHENTICATED'],
  ] as const)('fills the default reason of %s when the error names none', (code, reason) => {
    expect(reasonOf(toHttpsError(new KitError(code, 'x'), scope))).toBe(reason);
  });

  it('keeps the kit error’s own reason when it names one', () => {
    const error = toHttpsError(new KitError('failed-precondition', 'expired', { reason: 'APPROVAL_EXPIRED' }), scope);
    expect(reasonOf(error)).toBe('APPROVAL_EXPIRED');
  });

  it('takes the reason of a wrapped cause with the same code when the wrapper names none', () => {
    const cause = new KitError('unavailable', 'model down', { reason: 'MODEL_UNAVAILABLE' });
    const error = toHttpsError(new KitError('unavailable', 'turn failed', { cause }), scope);
    expect(reasonOf(error)).toBe('MODEL_UNAVAILABLE');
  });

  it('passes message, details and reason to the client when the code is the caller’s to act on', () => {
    const error = toHttpsError(
      new KitError('invalid-argument', 'invalid request data: message: too long', {
        details: { fields: [], field: 'message' },
      }),
      scope,
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('invalid request data: message: too long');
    expect(error.details).toEqual({ fields: [], field: 'message', reason: 'INVALID_FIELD' });
  });

  it('hides the kit’s words and details but keeps the reason when the session belongs to someone else', () => {
    const error = toHttpsError(
      new KitError('permission-denied', 'session s1 belongs to uid alice', { details: { owner: 'alice' } }),
      scope,
    );
    expect(error.code).toBe('permission-denied');
    expect(error.message).not.toContain('alice');
    expect(error.details).toEqual({ reason: 'NOT_OWNER' });
  });

  it('sends internal with SERVER_MISCONFIGURED and no words when the operator must act', () => {
    const error = toHttpsError(
      new KitError('internal', 'Gemini refused key AIza…', {
        reason: 'SERVER_MISCONFIGURED',
        details: { status: 403 },
      }),
      scope,
    );
    expect(error.code).toBe('internal');
    expect(error.message).toBe('internal error');
    expect(error.details).toEqual({ reason: 'SERVER_MISCONFIGURED' });
  });

  it('keeps retryAfterMs when a quota error says when to retry', () => {
    const error = toHttpsError(
      new KitError('resource-exhausted', 'quota', { reason: 'MODEL_QUOTA', details: { retryAfterMs: 1500 } }),
      scope,
    );
    expect(error.details).toMatchObject({ reason: 'MODEL_QUOTA', retryAfterMs: 1500 });
  });

  it('redacts secrets in the message and details when a kit message quotes one', () => {
    const error = toHttpsError(
      new KitError('invalid-argument', 'bad token sk_live_abcdefghijkl1234', { details: { url: 'https://x/?key=k1' } }),
      scope,
    );
    expect(JSON.stringify([error.message, error.details])).not.toMatch(/sk_live_abcdefghijkl1234|key=k1/);
  });

  it('surfaces internal with reason INTERNAL when the error is not a kit error', () => {
    const error = toHttpsError(new TypeError('cannot read secretField of undefined at /srv/x.js:3'), scope);
    expect(error.code).toBe('internal');
    expect(error.message).toBe('internal error');
    expect(error.details).toEqual({ reason: 'INTERNAL' });
  });

  it('surfaces internal without the message when a kit error is internal', () => {
    const error = toHttpsError(new KitError('internal', 'output of tool x: leaked value 1234'), scope);
    expect(error.message).not.toContain('1234');
  });

  it('passes an HttpsError through when a flow threw one on purpose with a reason', () => {
    const thrown = new HttpsError('failed-precondition', 'verify your phone first', { reason: 'NOT_ALLOWED' });
    expect(toHttpsError(thrown, scope)).toBe(thrown);
  });

  it('adds the code’s reason to a flow’s HttpsError when it names none', () => {
    const thrown = new HttpsError('failed-precondition', 'verify your phone first', { step: 2 });
    const error = toHttpsError(thrown, scope);
    expect(error.message).toBe('verify your phone first');
    expect(error.details).toEqual({ step: 2, reason: 'NOTHING_TO_RESUME' });
  });

  it('keeps the session id when the message is fixed, so a first call’s client can watch or retry its session', () => {
    const wrapped = new KitError('internal', 'the model fell over', { details: { sessionId: 's-1' } });
    expect(toHttpsError(wrapped, scope).details).toEqual({ reason: 'INTERNAL', sessionId: 's-1' });
  });

  it('names no session in NOT_OWNER, even when the kit error carries one', () => {
    const notOwner = new KitError('permission-denied', 'session s-1 belongs to another user', {
      reason: 'NOT_OWNER',
      details: { sessionId: 's-1', status: 'running' },
    });
    const error = toHttpsError(notOwner, scope);
    expect(error.message).toBe('permission denied');
    expect(error.details).toEqual({ reason: 'NOT_OWNER' });
  });

  it('passes a flow’s HttpsError through with the session the agent named when it passed it on', () => {
    const thrown = new HttpsError('failed-precondition', 'verify your phone first', { reason: 'NOT_ALLOWED' });
    const passed = new KitError('internal', thrown.message, { details: { sessionId: 's-1' }, cause: thrown });
    const error = toHttpsError(passed, scope);
    expect(error).toMatchObject({ code: 'failed-precondition', message: 'verify your phone first' });
    expect(error.details).toEqual({ reason: 'NOT_ALLOWED', sessionId: 's-1' });
  });
});
