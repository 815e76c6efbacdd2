import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { KIT_ERROR_CODES, KitError } from '../errors/index.js';
import { WIRE_ERROR_RULES } from './error-codes.js';
import { toHttpsError } from './to-https-error.js';

const scope = { function: 'test', sessionId: 's1' };

describe('toHttpsError', () => {
  it('maps every kit code to an HttpsError when the kit error is known', () => {
    for (const code of KIT_ERROR_CODES) {
      const error = toHttpsError(new KitError(code, `kit says ${code}`), scope);
      expect(error).toBeInstanceOf(HttpsError);
      expect(error.code).toBe(WIRE_ERROR_RULES[code].code);
    }
  });

  it('passes message and details to the client when the code is the caller’s to act on', () => {
    const error = toHttpsError(
      new KitError('invalid-argument', 'invalid request data: message: too long', { details: { fields: [] } }),
      scope,
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('invalid request data: message: too long');
    expect(error.details).toEqual({ fields: [] });
  });

  it('hides the kit’s words when the session belongs to someone else', () => {
    const error = toHttpsError(
      new KitError('permission-denied', 'session s1 belongs to uid alice', { details: { owner: 'alice' } }),
      scope,
    );
    expect(error.code).toBe('permission-denied');
    expect(error.message).not.toContain('alice');
    expect(error.details).toBeUndefined();
  });

  it('surfaces internal without details when the error is not a kit error', () => {
    const error = toHttpsError(new TypeError('cannot read secretField of undefined at /srv/x.js:3'), scope);
    expect(error.code).toBe('internal');
    expect(error.message).toBe('internal error');
    expect(error.details).toBeUndefined();
  });

  it('surfaces internal without the message when a kit error is internal', () => {
    const error = toHttpsError(new KitError('internal', 'output of tool x: leaked value 1234'), scope);
    expect(error.message).not.toContain('1234');
  });

  it('passes an HttpsError through when a flow threw one on purpose', () => {
    const thrown = new HttpsError('failed-precondition', 'verify your phone first');
    expect(toHttpsError(thrown, scope)).toBe(thrown);
  });
});
