import type { DocumentFields, DocumentRef } from './document-db.js';
import { type FieldSentinel } from './rest-field-values.js';
/** A value as the Firestore REST API writes it (`Value` in its JSON form). */
export type RestValue = {
    nullValue: null;
} | {
    booleanValue: boolean;
} | {
    integerValue: string;
} | {
    doubleValue: number | string;
} | {
    timestampValue: string;
} | {
    stringValue: string;
} | {
    bytesValue: string;
} | {
    referenceValue: string;
} | {
    geoPointValue: {
        latitude?: number;
        longitude?: number;
    };
} | {
    arrayValue: {
        values?: RestValue[];
    };
} | {
    mapValue: {
        fields?: Record<string, RestValue>;
    };
};
/** Where a value sits in the document being written. */
export interface ValuePlace {
    /** Its field path, array indexes as segments (as the SDK names them in its messages). */
    readonly segments: readonly string[];
    /**
     * How deep it is, as the SDK counts (a field path's size, an update's dotted key one level):
     * past {@link MAX_DEPTH} levels the SDK refuses the document, which also stops a cycle.
     */
    readonly depth: number;
    /** Inside an array, however deep: no sentinel may be there. */
    readonly inArray: boolean;
}
/** How values are written for one write. */
export interface ValueEncoding {
    /** `projects/<p>/databases/<d>/documents`: where a reference of the REST client's own points. */
    readonly root: string;
    /**
     * Takes a sentinel met at `place` (it is left out of the fields, as the SDK leaves it), or
     * throws where the write allows none there. Absent: a sentinel is no value.
     */
    readonly sentinel?: (value: FieldSentinel, place: ValuePlace) => void;
}
/** How values are read: references become documents of the reading client (as the SDK reads them). */
export interface ValueDecoding {
    doc(path: string): DocumentRef;
}
/** The SDK's limit on nesting: a field path of more than 21 segments is refused. */
export declare const MAX_DEPTH = 20;
/** An object literal (not a Date, a timestamp, an array or a sentinel): a map in Firestore. As the SDK decides it. */
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
/** What `value` is, for a message: its type or class, never its content. */
export declare function kindOf(value: unknown): string;
/** As the SDK writes a number: a safe integer is an integer, anything else (-0 too) a double. */
export declare function encodeNumber(value: number): RestValue;
/**
 * The fields of a map (or a document) as REST values, as the SDK writes them: a field whose
 * value is a sentinel is left out, and so is a map that only held sentinels (an empty map stays).
 * `__proto__` (an own key, as `JSON.parse` makes one) is checked and then dropped: the SDK's
 * encoder assigns it to an object literal, where it sets the prototype instead of a field.
 */
export declare function encodeFields(fields: Record<string, unknown>, encoding: ValueEncoding, place?: ValuePlace): Record<string, RestValue>;
/**
 * `value` as a REST value, or undefined where the SDK writes nothing (a sentinel, a map of
 * sentinels). Throws a TypeError naming the field (never the value) for what the SDK refuses,
 * and for what Firestore would refuse that the SDK only learns from the server.
 */
export declare function encodeValue(value: unknown, encoding: ValueEncoding, place?: ValuePlace): RestValue | undefined;
/**
 * A REST value as the SDK reads it (its default settings): integers as numbers, times as
 * {@link RestTimestamp}, bytes as a Buffer, geo points as {@link RestGeoPoint}, references as
 * documents of `decoding`'s client.
 */
export declare function decodeValue(value: RestValue, decoding: ValueDecoding): unknown;
/** The fields of a map or document read, as the SDK reads them (assigned one by one to an object literal). */
export declare function decodeFields(fields: Record<string, RestValue> | undefined, decoding: ValueDecoding): DocumentFields;
