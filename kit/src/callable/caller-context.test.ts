import { describe, expect, it } from 'vitest';
import { callerContext, callerUid } from './caller-context.js';

describe('callerContext', () => {
  it('gives tools the uid, the token’s claims and the app id, never the raw tokens', () => {
    const context = callerContext({
      auth: { uid: 'u1', token: { email: 'a@b.c' } as never, rawToken: 'secret-jwt' },
      app: { appId: 'app1', token: {} as never, alreadyConsumed: false },
    } as never);
    expect(context).toEqual({ auth: { uid: 'u1', token: { email: 'a@b.c' } }, app: { appId: 'app1' } });
    expect(JSON.stringify(context)).not.toContain('secret-jwt');
  });

  it('is empty when the caller is not signed in', () => {
    expect(callerContext({})).toEqual({});
  });
});

describe('callerUid', () => {
  it('reads the uid when the context has one and nothing else', () => {
    expect(callerUid({ auth: { uid: 'u1' } })).toBe('u1');
    expect(callerUid({ auth: { uid: '' } })).toBeUndefined();
    expect(callerUid({ auth: 'u1' })).toBeUndefined();
    expect(callerUid({})).toBeUndefined();
  });
});
