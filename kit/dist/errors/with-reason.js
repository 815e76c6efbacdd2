import { isKitError, KitError } from './kit-error.js';
/**
 * `error` with `reason` as its reason when it names none: a kit error is copied with the reason
 * added (same code, message, details and cause); anything else comes back unchanged. A layer
 * that knows where an error came from (a model, a store) uses it to say so for its callers.
 */
export function withReason(error, reason) {
    if (!isKitError(error) || error.reason !== undefined)
        return error;
    const copy = new KitError(error.code, error.message, { details: error.details, reason, cause: error.cause });
    if (error.stack)
        copy.stack = error.stack;
    return copy;
}
//# sourceMappingURL=with-reason.js.map