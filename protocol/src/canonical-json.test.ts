import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('writes equal values with their keys in any order as one text', () => {
    const a = { to: 'BOB', cents: 500, address: { line1: '1 Quay St', city: 'Cork' } };
    const b = { address: { city: 'Cork', line1: '1 Quay St' }, cents: 500, to: 'BOB' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"address":{"city":"Cork","line1":"1 Quay St"},"cents":500,"to":"BOB"}');
  });

  it('keeps array order and leaves undefined fields out, as JSON text does', () => {
    expect(canonicalJson({ list: [2, 1, undefined], gone: undefined })).toBe('{"list":[2,1,null]}');
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('tells apart values JSON tells apart', () => {
    expect(canonicalJson({ cents: 500 })).not.toBe(canonicalJson({ cents: '500' }));
    expect(canonicalJson({ __proto__: null, constructor: 1 })).toBe('{"constructor":1}');
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1}}');
  });
});

/** The first version's text, kept as the reference: the loop above must write exactly what it wrote. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => reference(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('canonicalJson against its first version', () => {
  it('writes the same text for any JSON-like value, undefined fields and holes included', () => {
    const anyValue = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(undefined),
        fc.constant(null),
        fc.boolean(),
        fc.double(),
        fc.integer(),
        fc.string({ unit: 'binary' }),
        fc.array(tie('value')),
        fc.sparseArray(tie('value')),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('value')),
        fc.object(),
      ),
    })).value;
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 2000 },
    );
  });
});
