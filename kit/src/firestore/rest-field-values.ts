import type { FieldValues } from './document-db.js';

/**
 * Removes the field it is written to. As the SDK's `FieldValue.delete()`: only in an update
 * (as a field's whole value) or a merge (at any depth), never in an array, a plain set or a create.
 */
export class DeleteField {
  readonly kind = 'delete';
}

/**
 * Adds `by` to the number in the field it is written to (0 when there is none). As the SDK's
 * `FieldValue.increment()`: in any write, never in an array.
 */
export class IncrementField {
  readonly kind = 'increment';
  readonly by: number;

  constructor(by: number) {
    this.by = by;
  }
}

/** The REST client's sentinels: what a write does to a field instead of storing a value there. */
export type FieldSentinel = DeleteField | IncrementField;

export function isFieldSentinel(value: object): value is FieldSentinel {
  return value instanceof DeleteField || value instanceof IncrementField;
}

const DELETE = new DeleteField();

/** The REST client's sentinels. */
export const restFieldValues: FieldValues = {
  delete: () => DELETE,
  increment: (by) => new IncrementField(by),
};
