import { isKitError, KitError } from './kit-error.js';
/** The error a kit operation rejects with when its `AbortSignal` fires. */
export function abortError(signal, what) {
    const reason = signal?.reason;
    // A caller that aborts with a kit error (a deadline, say) chose the code: keep it.
    if (isKitError(reason))
        return reason;
    return new KitError('aborted', `${what} was aborted`, { cause: reason, reason: 'CANCELLED' });
}
/** Throws the kit's abort error when `signal` has already fired. */
export function throwIfAborted(signal, what) {
    if (signal?.aborted)
        throw abortError(signal, what);
}
//# sourceMappingURL=abort-error.js.map