import type { FieldValues } from './document-db.js';
/**
 * Removes the field it is written to. As the SDK's `FieldValue.delete()`: only in an update
 * (as a field's whole value) or a merge (at any depth), never in an array, a plain set or a create.
 */
export declare class DeleteField {
    readonly kind = "delete";
}
/**
 * Adds `by` to the number in the field it is written to (0 when there is none). As the SDK's
 * `FieldValue.increment()`: in any write, never in an array.
 */
export declare class IncrementField {
    readonly kind = "increment";
    readonly by: number;
    constructor(by: number);
}
/** The REST client's sentinels: what a write does to a field instead of storing a value there. */
export type FieldSentinel = DeleteField | IncrementField;
export declare function isFieldSentinel(value: object): value is FieldSentinel;
/** The REST client's sentinels. */
export declare const restFieldValues: FieldValues;
