import { isKitError } from '../errors/index.js';
/** A plausible id at `value[field]` (the data is parsed properly later; a log line takes no junk). */
function idAt(value, field) {
    const id = value?.[field];
    return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : undefined;
}
/**
 * The log scope of a call, derived when a line is written rather than filled in as the call
 * goes: the session is the one its result or error names (a first call learns its id there),
 * else the one its request asked for.
 */
export function callLogScope(facts) {
    const { request, error, result } = facts;
    const sessionId = idAt(result, 'sessionId') ??
        (isKitError(error) ? idAt(error.details, 'sessionId') : undefined) ??
        idAt(request.data, 'sessionId');
    // Undefined fields are left out of the log entry.
    return { function: facts.function, sessionId, requestId: idAt(request.data, 'requestId'), uid: request.auth?.uid };
}
//# sourceMappingURL=call-log-scope.js.map