import { fieldError, fieldPathOf, updatePathSegments } from './rest-field-path.js';
import { IncrementField } from './rest-field-values.js';
import { RestTimestamp, timestampText } from './rest-timestamp.js';
import { encodeFields, encodeNumber, encodeValue, isPlainObject, kindOf, } from './rest-value.js';
/** The database part of a document's name: `projects/<p>/databases/<d>/documents`. */
function rootOf(name) {
    return name.slice(0, name.indexOf('/documents/') + '/documents'.length);
}
/**
 * Where the SDK lets a sentinel stand in a write of `mode`: never in an array; a delete only in
 * a merge (anywhere) or an update (as a field's whole value); an increment in any write.
 */
function sentinelRule(mode, transforms) {
    return (value, place) => {
        if (place.inArray)
            throw fieldError(place.segments, `a ${value.kind}() sentinel inside an array`);
        if (value instanceof IncrementField) {
            if (typeof value.by !== 'number' || Number.isNaN(value.by)) {
                throw fieldError(place.segments, `an increment() by ${kindOf(value.by)}, not a number`);
            }
            transforms.push({ fieldPath: fieldPathOf(place.segments), increment: encodeNumber(value.by) });
            return;
        }
        const allowed = mode === 'merge' || (mode === 'update' && place.depth === 1);
        if (!allowed) {
            throw fieldError(place.segments, 'a delete() sentinel here: only an update (a whole field) or a merge takes one');
        }
    };
}
/** The leaves a merge replaces (the SDK's mask of a merge): its values, its deletes and its empty maps, not its increments. */
function mergeMask(data, segments = [], out = []) {
    const keys = Object.keys(data);
    if (segments.length && !keys.length)
        out.push(fieldPathOf(segments));
    for (const key of keys) {
        const value = data[key];
        const at = [...segments, key];
        if (value instanceof IncrementField)
            continue;
        if (isPlainObject(value))
            mergeMask(value, at, out);
        else
            out.push(fieldPathOf(at));
    }
    return out;
}
/** Places `value` at `segments` in `fields`, making the maps on the way. */
function place(fields, segments, value) {
    let map = fields;
    for (const segment of segments.slice(0, -1)) {
        const next = map[segment];
        if (next && 'mapValue' in next) {
            map = next.mapValue.fields ??= {};
        }
        else {
            const nested = {};
            map[segment] = { mapValue: { fields: nested } };
            map = nested;
        }
    }
    map[segments.at(-1)] = value;
}
/** An update's fields and mask: each key a dotted field path whose value replaces that field. */
function updateFields(data, encoding) {
    const entries = Object.keys(data).map((key) => ({ segments: updatePathSegments(key), value: data[key] }));
    if (!entries.length)
        throw new TypeError('an update needs at least one field');
    for (const a of entries) {
        for (const b of entries) {
            if (a !== b && a.segments.length <= b.segments.length && a.segments.every((s, i) => s === b.segments[i])) {
                throw new TypeError(`an update names field "${fieldPathOf(a.segments)}" and a field inside it`);
            }
        }
    }
    const fields = {};
    const mask = [];
    for (const { segments, value } of entries) {
        // The SDK counts an update's dotted key as one level of nesting.
        const encoded = encodeValue(value, encoding, { segments, depth: 1, inArray: false });
        if (encoded)
            place(fields, segments, encoded);
        if (!(value instanceof IncrementField))
            mask.push(fieldPathOf(segments));
    }
    return { fields, mask };
}
function preconditionOf(mode, precondition) {
    if (precondition?.lastUpdateTime) {
        const time = precondition.lastUpdateTime;
        return { updateTime: time instanceof RestTimestamp ? time.text : timestampText(time) };
    }
    if (precondition?.exists !== undefined)
        return { exists: precondition.exists };
    if (mode === 'create')
        return { exists: false };
    // As the SDK: an update needs the document to exist.
    if (mode === 'update')
        return { exists: true };
    return undefined;
}
/**
 * The REST write of a create, a set (all fields replaced), a merge (the given leaves replaced) or
 * an update (dotted keys are field paths) of document `name`, as the SDK's batch would send it.
 * Throws a TypeError naming the field, before anything is sent, for what the SDK refuses.
 */
export function restWrite(mode, name, data, precondition) {
    if (!isPlainObject(data))
        throw new TypeError(`a document to write must be a plain object, not ${kindOf(data)}`);
    const transforms = [];
    const encoding = { root: rootOf(name), sentinel: sentinelRule(mode, transforms) };
    const write = {};
    if (mode === 'update') {
        const { fields, mask } = updateFields(data, encoding);
        write.update = { name, fields };
        write.updateMask = { fieldPaths: mask };
    }
    else {
        write.update = { name, fields: encodeFields(data, encoding) };
        if (mode === 'merge')
            write.updateMask = { fieldPaths: mergeMask(data) };
    }
    if (transforms.length)
        write.updateTransforms = transforms;
    const current = preconditionOf(mode, precondition);
    if (current)
        write.currentDocument = current;
    return write;
}
/** The REST write that deletes document `name`. */
export function restDelete(name, precondition) {
    const current = preconditionOf('set', precondition);
    return current ? { delete: name, currentDocument: current } : { delete: name };
}
//# sourceMappingURL=rest-write.js.map