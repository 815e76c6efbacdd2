import type { CallableRequest } from 'firebase-functions/v2/https';

/** The verified identity of a caller: uid and ID-token claims. */
export type CallerAuth = NonNullable<CallableRequest['auth']>;

/**
 * Who may call a flow: a predicate of the caller's auth (null when not signed in) and the
 * request data. A refusal is `unauthenticated` for a caller with no auth, else `permission-denied`.
 */
export type AuthPolicy = (auth: CallerAuth | null, data: unknown) => boolean | Promise<boolean>;

/** Any signed-in user (anonymous sign-in included). The default policy. */
export function signedIn(): AuthPolicy {
  return (auth) => auth !== null;
}

/** A signed-in user whose email address is verified. */
export function verifiedEmail(): AuthPolicy {
  return (auth) => auth?.token.email_verified === true;
}

/** A signed-in user whose token has custom claim `claim` (equal to `value` when given). */
export function hasClaim(claim: string, value?: unknown): AuthPolicy {
  return (auth) => {
    if (!auth || !(claim in auth.token)) return false;
    return value === undefined || auth.token[claim] === value;
  };
}

/** Every one of `policies` must allow the call. */
export function allOf(...policies: AuthPolicy[]): AuthPolicy {
  return async (auth, data) => {
    for (const policy of policies) if (!(await policy(auth, data))) return false;
    return true;
  };
}
