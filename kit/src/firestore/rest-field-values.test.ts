import { describe, expect, it } from 'vitest';
import { DeleteField, IncrementField, isFieldSentinel, restFieldValues } from './rest-field-values.js';

describe('restFieldValues', () => {
  it('makes the REST client’s sentinels, which nothing else is taken for', () => {
    const removed = restFieldValues.delete();
    const added = restFieldValues.increment(3);
    expect(removed).toBeInstanceOf(DeleteField);
    expect(added).toBeInstanceOf(IncrementField);
    expect((added as IncrementField).by).toBe(3);
    expect(isFieldSentinel(removed as object) && isFieldSentinel(added as object)).toBe(true);
    expect(isFieldSentinel({ kind: 'delete' })).toBe(false);
  });
});
