import { isKitError, KitError } from '../errors/index.js';
/** The error of a compare-and-set write that lost: someone wrote the session first. */
export function writeConflict(id, why = 'it changed since it was read') {
    return new KitError('aborted', `session '${id}' was not written: ${why}`, { details: { conflict: true } });
}
/** True for the error a store's `write` rejects with when the session changed underneath it. */
export function isWriteConflict(error) {
    return isKitError(error) && error.code === 'aborted' && error.details?.conflict === true;
}
/** Checks the fence of a write against the session it replaces (a store calls it before writing). */
export function assertFence(expected, options) {
    if (options?.fence !== undefined && expected.session.lease?.id !== options.fence) {
        throw writeConflict(expected.session.id, 'the turn no longer holds its lease');
    }
}
/** Checks that `next` may replace `expected`: same session, a later version. */
export function assertSuccessor(expected, next) {
    if (next.id !== expected.session.id) {
        throw new KitError('internal', `a write of session '${expected.session.id}' carries session '${next.id}'`);
    }
    if (next.version <= expected.session.version) {
        throw new KitError('internal', `session '${next.id}' version must go up (${expected.session.version} → ${next.version})`);
    }
}
//# sourceMappingURL=session-store.js.map