import { ERROR_REASONS } from '@callable-flows/protocol';
// A registry-wide symbol, so two copies of the kit (two bundles, two versions) still
// recognise each other's errors where `instanceof` would fail.
const KIT_ERROR_MARK = Symbol.for('callable-flows.KitError');
/** The one error class of the kit: a code a caller can act on, a message, safe details. */
export class KitError extends Error {
    code;
    details;
    [KIT_ERROR_MARK] = true;
    constructor(code, message, options = {}) {
        super(message, options.cause === undefined ? undefined : { cause: options.cause });
        this.name = 'KitError';
        this.code = code;
        this.details = options.reason === undefined ? options.details : { ...options.details, reason: options.reason };
    }
    /** The reason a client switches on, when the error names one. */
    get reason() {
        const reason = this.details?.reason;
        return typeof reason === 'string' && ERROR_REASONS.includes(reason)
            ? reason
            : undefined;
    }
}
/** True for any kit error, from this copy of the kit or another one. */
export function isKitError(value) {
    return typeof value === 'object' && value !== null && KIT_ERROR_MARK in value;
}
//# sourceMappingURL=kit-error.js.map