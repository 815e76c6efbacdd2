import type { DocumentFields, DocumentSnap, UpdateTime } from './document-db.js';
import { type RestValue, type ValueDecoding } from './rest-value.js';
/** A document as the REST API returns it. */
export interface RestDocumentJson {
    name: string;
    fields?: Record<string, RestValue>;
    updateTime?: string;
}
/**
 * A document read over REST, shaped as the SDK's `DocumentSnapshot`. As there, its values are
 * decoded on each `data()` and `get()`: what a caller changes in one answer is not in the next.
 */
export declare class RestSnapshot implements DocumentSnap {
    readonly exists: boolean;
    readonly updateTime: UpdateTime | undefined;
    readonly id: string;
    private readonly fields;
    private readonly decoding;
    /** `decoding` makes the documents its references read as: the reading client's (as the SDK). */
    constructor(id: string, found: RestDocumentJson | undefined, decoding: ValueDecoding);
    data(): DocumentFields | undefined;
    /** The value at a dotted field path, or undefined; throws, as the SDK, on a path that names no field. */
    get(field: string): unknown;
}
