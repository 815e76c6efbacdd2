/** Any signed-in user (anonymous sign-in included). The default policy. */
export function signedIn() {
    return (auth) => auth !== null;
}
/** A signed-in user whose email address is verified. */
export function verifiedEmail() {
    return (auth) => auth?.token.email_verified === true;
}
/** A signed-in user whose token has custom claim `claim` (equal to `value` when given). */
export function hasClaim(claim, value) {
    return (auth) => {
        if (!auth || !(claim in auth.token))
            return false;
        return value === undefined || auth.token[claim] === value;
    };
}
/** Every one of `policies` must allow the call. */
export function allOf(...policies) {
    return async (auth, data) => {
        for (const policy of policies)
            if (!(await policy(auth, data)))
                return false;
        return true;
    };
}
//# sourceMappingURL=auth-policy.js.map