import type { FieldValues } from './document-db.js';

/** Removes the field it is written to (an update or a merge). */
export class DeleteField {
  readonly kind = 'delete';
}

/** Adds `by` to the number in the field it is written to (0 when there is none). */
export class IncrementField {
  readonly kind = 'increment';
  readonly by: number;

  constructor(by: number) {
    this.by = by;
  }
}

const DELETE = new DeleteField();

/** The REST client's sentinels. */
export const restFieldValues: FieldValues = {
  delete: () => DELETE,
  increment: (by) => new IncrementField(by),
};
