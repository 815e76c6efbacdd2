import { describe, expect, it } from 'vitest';
import { inputDigest } from './input-digest.js';

describe('inputDigest', () => {
  it('is one digest for an input whatever order its keys come in', () => {
    const a = inputDigest({ to: 'BOB', cents: 500, address: { line1: '1 Quay St', city: 'Cork' } });
    expect(inputDigest({ address: { city: 'Cork', line1: '1 Quay St' }, cents: 500, to: 'BOB' })).toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs when a value, a type or a key differs', () => {
    const a = inputDigest({ to: 'BOB', cents: 500 });
    expect(inputDigest({ to: 'MALLORY', cents: 500 })).not.toBe(a);
    expect(inputDigest({ to: 'BOB', cents: '500' })).not.toBe(a);
    expect(inputDigest({ to: 'BOB', cents: 500, note: 'x' })).not.toBe(a);
  });

  it('takes no input and a null input as one (a call without input is stored as null on the wire)', () => {
    expect(inputDigest(undefined)).toBe(inputDigest(null));
  });
});
