import { environmentSecrets, redactSecrets } from './redact-secrets.js';
function redactWith(value, secrets) {
    if (typeof value === 'string')
        return redactSecrets(value, secrets);
    if (Array.isArray(value)) {
        let copy;
        value.forEach((item, i) => {
            const clean = redactWith(item, secrets);
            if (clean === item)
                return;
            copy ??= [...value];
            copy[i] = clean;
        });
        return copy ?? value;
    }
    if (value === null || typeof value !== 'object')
        return value;
    let copy;
    for (const [key, item] of Object.entries(value)) {
        const clean = redactWith(item, secrets);
        if (clean === item)
            continue;
        copy ??= { ...value };
        copy[key] = clean;
    }
    return copy ?? value;
}
/**
 * `value` with {@link redactSecrets} applied to every string in it, at any depth. Copy on
 * change: a value with nothing to redact comes back as the same object, so callers that compare
 * by identity (the session store's history layout) see no change.
 */
export function redactValue(value, secrets = environmentSecrets()) {
    return redactWith(value, secrets);
}
//# sourceMappingURL=redact-value.js.map