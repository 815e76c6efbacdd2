/**
 * `value` with {@link redactSecrets} applied to every string in it, at any depth. Copy on
 * change: a value with nothing to redact comes back as the same object, so callers that compare
 * by identity (the session store's history layout) see no change.
 */
export declare function redactValue<T>(value: T, secrets?: readonly string[]): T;
