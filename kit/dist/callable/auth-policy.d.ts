import type { CallableRequest } from 'firebase-functions/v2/https';
/** The verified identity of a caller: uid and ID-token claims. */
export type CallerAuth = NonNullable<CallableRequest['auth']>;
/**
 * Who may call a flow: a predicate of the caller's auth (null when not signed in) and the
 * request data. A refusal is `unauthenticated` for a caller with no auth, else `permission-denied`.
 */
export type AuthPolicy = (auth: CallerAuth | null, data: unknown) => boolean | Promise<boolean>;
/** Any signed-in user (anonymous sign-in included). The default policy. */
export declare function signedIn(): AuthPolicy;
/** A signed-in user whose email address is verified. */
export declare function verifiedEmail(): AuthPolicy;
/** A signed-in user whose token has custom claim `claim` (equal to `value` when given). */
export declare function hasClaim(claim: string, value?: unknown): AuthPolicy;
/** Every one of `policies` must allow the call. */
export declare function allOf(...policies: AuthPolicy[]): AuthPolicy;
