import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editInput, mergeEdit } from './input-edit.js';

const stored = { to: 'BOB', address: { line1: '1 Quay St', city: 'Cork' }, tags: ['a', 'b'] };

describe('mergeEdit', () => {
  it('merges objects key by key and replaces arrays and other values whole', () => {
    expect(mergeEdit(stored, { address: { line1: '2 Quay St' }, tags: ['c'] })).toEqual({
      to: 'BOB',
      address: { line1: '2 Quay St', city: 'Cork' },
      tags: ['c'],
    });
    expect(mergeEdit(stored, { address: null })).toEqual({ ...stored, address: null });
  });

  it('never reaches a prototype, even when handed a __proto__ key', () => {
    const merged = mergeEdit({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('editInput', () => {
  it('admits the fields at and under the editable paths only', () => {
    const paths = ['address.line1', 'tags'];
    expect(editInput(paths, stored, { address: { line1: 'x' } })).toEqual({
      input: { ...stored, address: { line1: 'x', city: 'Cork' } },
    });
    expect(editInput(paths, stored, { address: { city: 'x' } })).toMatchObject({ refused: { field: 'address.city' } });
    expect(editInput(paths, stored, { to: 'MALLORY' })).toMatchObject({ refused: { field: 'to' } });
    expect(editInput(['address'], stored, { address: { city: 'Dublin' } })).toEqual({
      input: { ...stored, address: { line1: '1 Quay St', city: 'Dublin' } },
    });
  });

  it('refuses a key with a dot, which could pass for a path', () => {
    expect(editInput(['address.line1'], stored, { 'address.line1': 'x' })).toMatchObject({
      refused: { field: 'address.line1' },
    });
  });

  it('admits what an edit schema admits, refusing what it refuses or drops', () => {
    const schema = z.object({ tags: z.array(z.string()).max(3) });
    expect(editInput(schema, stored, { tags: ['z'] })).toEqual({ input: { ...stored, tags: ['z'] } });
    expect(editInput(schema, stored, { tags: ['1', '2', '3', '4'] })).toMatchObject({ refused: { field: 'tags' } });
    expect(editInput(schema, stored, { tags: [], to: 'MALLORY' })).toMatchObject({ refused: { field: 'to' } });
  });
});
