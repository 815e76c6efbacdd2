const SIMPLE_SEGMENT = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
/** Names Firestore keeps for itself (`__name__`, `__x__`, not `____`): it refuses a field so named. */
const RESERVED_NAME = /^__.+__$/s;
/** A UTF-16 surrogate that is not half of a pair: no UTF-8 text holds it. */
const LONE_SURROGATE = /\p{Cs}/u;
/** What an update's dotted key may not hold (the SDK's rule for a field path given as a string). */
const NOT_IN_FIELD_PATH = /[*~/[\]]/;
/** A field path as a mask names it (and as the SDK's messages name it): segments that are not simple names go in backquotes. */
export function fieldPathOf(segments) {
    return segments
        .map((s) => (SIMPLE_SEGMENT.test(s) ? s : `\`${s.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``))
        .join('.');
}
/** Whether `text` holds a lone surrogate, which the SDK's UTF-8 encoding can't carry (Firestore refuses it). */
export function hasLoneSurrogate(text) {
    return LONE_SURROGATE.test(text);
}
/** Why a map key (one segment) can't name a field, or undefined when it can. */
export function fieldNameProblem(name) {
    if (name.length === 0)
        return 'an empty field name';
    if (hasLoneSurrogate(name))
        return 'a field name with a lone surrogate';
    if (RESERVED_NAME.test(name))
        return 'a field name Firestore reserves (__…__)';
    return undefined;
}
/** The error of `problem` at the field `segments` (the document itself when empty): names the field, never its value. */
export function fieldError(segments, problem) {
    const where = segments.length ? `field "${fieldPathOf(segments)}"` : 'the document';
    return new TypeError(`Firestore cannot store ${problem} (${where})`);
}
/** The segments of a dotted field path (`get('a.b')`, an update's key); throws as the SDK does on one that names no field. */
export function splitFieldPath(path) {
    if (path.length === 0 ||
        path.startsWith('.') ||
        path.endsWith('.') ||
        path.includes('..') ||
        NOT_IN_FIELD_PATH.test(path)) {
        // The path names a field, it is not a value: it may be in the message.
        throw new TypeError(`not a field path: "${path}" (empty segments and the characters *~/[] are not allowed)`);
    }
    return path.split('.');
}
/** The segments of an update's key, each a name a field can have. */
export function updatePathSegments(key) {
    const segments = splitFieldPath(key);
    for (const [i, segment] of segments.entries()) {
        const problem = fieldNameProblem(segment);
        if (problem)
            throw fieldError(segments.slice(0, i + 1), problem);
    }
    return segments;
}
//# sourceMappingURL=rest-field-path.js.map