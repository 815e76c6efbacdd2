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
