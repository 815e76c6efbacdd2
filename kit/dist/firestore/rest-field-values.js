/**
 * Removes the field it is written to. As the SDK's `FieldValue.delete()`: only in an update
 * (as a field's whole value) or a merge (at any depth), never in an array, a plain set or a create.
 */
export class DeleteField {
    kind = 'delete';
}
/**
 * Adds `by` to the number in the field it is written to (0 when there is none). As the SDK's
 * `FieldValue.increment()`: in any write, never in an array.
 */
export class IncrementField {
    kind = 'increment';
    by;
    constructor(by) {
        this.by = by;
    }
}
export function isFieldSentinel(value) {
    return value instanceof DeleteField || value instanceof IncrementField;
}
const DELETE = new DeleteField();
/** The REST client's sentinels. */
export const restFieldValues = {
    delete: () => DELETE,
    increment: (by) => new IncrementField(by),
};
//# sourceMappingURL=rest-field-values.js.map