import { describe, expect, it } from 'vitest';
import { presentInputAsIs } from './presented-input.js';

describe('presentInputAsIs', () => {
  it('shows each field of the input under its own name as the model’s words', () => {
    expect(presentInputAsIs({ to: 'Bob', cents: 500, note: undefined, address: { city: 'Cork' } })).toEqual({
      fields: [
        { label: 'to', value: 'Bob', source: 'model' },
        { label: 'cents', value: '500', source: 'model' },
        { label: 'address', value: '{"city":"Cork"}', source: 'model' },
      ],
    });
  });

  it('shows an input that is not an object as one field, and no input as no fields', () => {
    expect(presentInputAsIs('hello')).toEqual({ fields: [{ label: 'input', value: 'hello', source: 'model' }] });
    expect(presentInputAsIs(undefined)).toEqual({ fields: [] });
  });
});
