import { fieldError, fieldNameProblem, hasLoneSurrogate } from './rest-field-path.js';
import { isFieldSentinel } from './rest-field-values.js';
import { geoPointProblem, isGeoPointLike, RestGeoPoint } from './rest-geo-point.js';
import { documentPathOfName, isDocumentRefLike, referenceNameOf } from './rest-reference.js';
import { isTimestampLike, RestTimestamp, timestampProblem, timestampText } from './rest-timestamp.js';
/** The SDK's limit on nesting: a field path of more than 21 segments is refused. */
export const MAX_DEPTH = 20;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/**
 * -0 as a JSON double that every parser of Firestore's REST API reads as -0: `-0` itself loses
 * its sign in the emulator's (protobuf-java's JsonFormat goes through BigDecimal), a negative
 * number too small for a double does not (there, and in protobuf C++'s strtod-based parser).
 * `JSON.stringify(-0)` is `0`, so without this -0 would be stored as 0; the SDK stores -0.
 */
const NEGATIVE_ZERO = '-1e-400';
/** An object literal (not a Date, a timestamp, an array or a sentinel): a map in Firestore. As the SDK decides it. */
export function isPlainObject(value) {
    if (Object.prototype.toString.call(value) !== '[object Object]')
        return false;
    const proto = Object.getPrototypeOf(value);
    // The last: an object literal of another realm (a vm context), whose prototype is its own Object's.
    return proto === Object.prototype || proto === null || proto.constructor?.name === 'Object';
}
/** What `value` is, for a message: its type or class, never its content. */
export function kindOf(value) {
    if (value === null)
        return 'null';
    if (typeof value === 'function')
        return 'a function';
    if (typeof value !== 'object')
        return typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
    if (Array.isArray(value))
        return 'an array';
    let name;
    try {
        name = Object.getPrototypeOf(value)?.constructor?.name;
    }
    catch {
        // A proxy that refuses: its type stays unnamed.
    }
    return typeof name === 'string' && name ? `an object of type ${name}` : 'an object of unknown type';
}
/** As the SDK writes a number: a safe integer is an integer, anything else (-0 too) a double. */
export function encodeNumber(value) {
    if (Number.isSafeInteger(value) && !Object.is(value, -0))
        return { integerValue: String(value) };
    if (Object.is(value, -0))
        return { doubleValue: NEGATIVE_ZERO };
    return { doubleValue: Number.isFinite(value) ? value : String(value) };
}
function encodeArray(value, place, encoding) {
    const values = [];
    for (let i = 0; i < value.length; i++) {
        const at = { segments: [...place.segments, String(i)], depth: place.depth + 1, inArray: true };
        // A hole reads as undefined, which the SDK refuses there too.
        if (!(i in value))
            throw fieldError(at.segments, 'undefined (an empty slot of a sparse array)');
        const item = value[i];
        if (Array.isArray(item))
            throw fieldError(at.segments, 'an array inside an array');
        const encoded = encodeValue(item, encoding, at);
        if (encoded)
            values.push(encoded);
    }
    return { arrayValue: { values } };
}
/**
 * The fields of a map (or a document) as REST values, as the SDK writes them: a field whose
 * value is a sentinel is left out, and so is a map that only held sentinels (an empty map stays).
 * `__proto__` (an own key, as `JSON.parse` makes one) is checked and then dropped: the SDK's
 * encoder assigns it to an object literal, where it sets the prototype instead of a field.
 */
export function encodeFields(fields, encoding, place = { segments: [], depth: 0, inArray: false }) {
    const out = {};
    for (const key of Object.keys(fields)) {
        const segments = [...place.segments, key];
        const problem = key === '__proto__' ? undefined : fieldNameProblem(key);
        if (problem)
            throw fieldError(segments, problem);
        const encoded = encodeValue(fields[key], encoding, { segments, depth: place.depth + 1, inArray: place.inArray });
        if (encoded && key !== '__proto__')
            out[key] = encoded;
    }
    return out;
}
/**
 * `value` as a REST value, or undefined where the SDK writes nothing (a sentinel, a map of
 * sentinels). Throws a TypeError naming the field (never the value) for what the SDK refuses,
 * and for what Firestore would refuse that the SDK only learns from the server.
 */
export function encodeValue(value, encoding, place = { segments: [], depth: 0, inArray: false }) {
    if (place.depth > MAX_DEPTH + 1)
        throw fieldError(place.segments, `a value nested deeper than ${MAX_DEPTH} levels (or a cycle)`);
    switch (typeof value) {
        case 'string':
            if (hasLoneSurrogate(value))
                throw fieldError(place.segments, 'a string with a lone surrogate');
            return { stringValue: value };
        case 'boolean':
            return { booleanValue: value };
        case 'number':
            return encodeNumber(value);
        case 'bigint':
            if (value < INT64_MIN || value > INT64_MAX)
                throw fieldError(place.segments, 'a bigint outside 64-bit integers');
            return { integerValue: value.toString() };
        case 'object':
            break;
        default:
            throw fieldError(place.segments, kindOf(value));
    }
    if (value === null)
        return { nullValue: null };
    if (Array.isArray(value))
        return encodeArray(value, place, encoding);
    if (isPlainObject(value)) {
        const fields = encodeFields(value, encoding, place);
        // As the SDK: a map that held only sentinels is not written (its transforms make it).
        return Object.keys(fields).length || !Object.keys(value).length ? { mapValue: { fields } } : undefined;
    }
    if (isFieldSentinel(value)) {
        if (!encoding.sentinel)
            throw fieldError(place.segments, `a ${value.kind}() sentinel outside a write`);
        encoding.sentinel(value, place);
        return undefined;
    }
    if (value instanceof Date) {
        const millis = value.getTime();
        const problem = Number.isNaN(millis)
            ? 'an invalid Date'
            : timestampProblem({ seconds: Math.floor(millis / 1000), nanoseconds: 0 });
        if (problem)
            throw fieldError(place.segments, problem);
        return { timestampValue: value.toISOString() };
    }
    if (value instanceof Uint8Array) {
        return { bytesValue: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
    }
    if (value instanceof RestTimestamp)
        return { timestampValue: value.text };
    if (isTimestampLike(value)) {
        const problem = timestampProblem(value);
        if (problem)
            throw fieldError(place.segments, problem);
        return { timestampValue: timestampText(value) };
    }
    if (isGeoPointLike(value)) {
        const problem = geoPointProblem(value.latitude, value.longitude);
        if (problem)
            throw fieldError(place.segments, problem);
        return { geoPointValue: { latitude: value.latitude, longitude: value.longitude } };
    }
    if (isDocumentRefLike(value))
        return { referenceValue: referenceNameOf(value, encoding.root) };
    throw fieldError(place.segments, kindOf(value));
}
/**
 * A REST value as the SDK reads it (its default settings): integers as numbers, times as
 * {@link RestTimestamp}, bytes as a Buffer, geo points as {@link RestGeoPoint}, references as
 * documents of `decoding`'s client.
 */
export function decodeValue(value, decoding) {
    if ('stringValue' in value)
        return value.stringValue;
    if ('integerValue' in value)
        return Number(value.integerValue);
    if ('doubleValue' in value)
        return Number(value.doubleValue);
    if ('booleanValue' in value)
        return value.booleanValue;
    if ('timestampValue' in value)
        return new RestTimestamp(value.timestampValue);
    if ('mapValue' in value)
        return decodeFields(value.mapValue.fields, decoding);
    if ('arrayValue' in value)
        return (value.arrayValue.values ?? []).map((item) => decodeValue(item, decoding));
    if ('nullValue' in value)
        return null;
    if ('bytesValue' in value)
        return Buffer.from(value.bytesValue, 'base64');
    if ('referenceValue' in value)
        return decoding.doc(documentPathOfName(value.referenceValue));
    // As the SDK (`|| 0`): an absent coordinate is 0, and so is -0.
    if ('geoPointValue' in value)
        return new RestGeoPoint(value.geoPointValue.latitude || 0, value.geoPointValue.longitude || 0);
    throw new TypeError(`not a Firestore value: one with the keys ${Object.keys(value).join(', ') || '(none)'}`);
}
/** The fields of a map or document read, as the SDK reads them (assigned one by one to an object literal). */
export function decodeFields(fields, decoding) {
    const out = {};
    if (fields)
        for (const key of Object.keys(fields))
            out[key] = decodeValue(fields[key], decoding);
    return out;
}
//# sourceMappingURL=rest-value.js.map