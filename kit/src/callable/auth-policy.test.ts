import { describe, expect, it } from 'vitest';
import { allOf, type CallerAuth, hasClaim, signedIn, verifiedEmail } from './auth-policy.js';

function auth(token: Record<string, unknown>): CallerAuth {
  return { uid: 'u1', rawToken: 'raw', token: { uid: 'u1', ...token } as unknown as CallerAuth['token'] };
}

describe('signedIn', () => {
  it('allows a caller when a uid is present and refuses when auth is null', () => {
    expect(signedIn()(auth({}), {})).toBe(true);
    expect(signedIn()(null, {})).toBe(false);
  });
});

describe('verifiedEmail', () => {
  it('allows a caller only when the token says the email is verified', () => {
    expect(verifiedEmail()(auth({ email_verified: true }), {})).toBe(true);
    expect(verifiedEmail()(auth({ email_verified: false }), {})).toBe(false);
    expect(verifiedEmail()(null, {})).toBe(false);
  });
});

describe('hasClaim', () => {
  it('allows a caller when the claim is present and equal to the value asked for', () => {
    expect(hasClaim('admin')(auth({ admin: true }), {})).toBe(true);
    expect(hasClaim('plan', 'pro')(auth({ plan: 'pro' }), {})).toBe(true);
    expect(hasClaim('plan', 'pro')(auth({ plan: 'free' }), {})).toBe(false);
    expect(hasClaim('admin')(auth({}), {})).toBe(false);
    expect(hasClaim('admin')(null, {})).toBe(false);
  });
});

describe('allOf', () => {
  it('allows a caller only when every policy allows', async () => {
    const policy = allOf(signedIn(), hasClaim('admin'));
    await expect(policy(auth({ admin: true }), {})).resolves.toBe(true);
    await expect(policy(auth({}), {})).resolves.toBe(false);
    await expect(allOf(signedIn(), (_a, data) => (data as { ok: boolean }).ok)(auth({}), { ok: false })).resolves.toBe(
      false,
    );
  });
});
