import { Firestore, GeoPoint, Timestamp } from '@google-cloud/firestore';
import { describe, expect, it } from 'vitest';
import type { DocumentRef } from './document-db.js';
import { restFieldValues } from './rest-field-values.js';
import { RestGeoPoint } from './rest-geo-point.js';
import { RestTimestamp } from './rest-timestamp.js';
import {
  decodeFields,
  decodeValue,
  encodeFields,
  encodeValue,
  type RestValue,
  type ValueDecoding,
} from './rest-value.js';

const ROOT = 'projects/p/databases/(default)/documents';
const encoding = { root: ROOT };
const encode = (value: unknown) => encodeValue(value, encoding);
/** An SDK client that never connects: its GeoPoint, Timestamp and references need no call. */
const sdk = new Firestore({ projectId: 'p' });
/** References read as these: the path and the client that made them. */
const decoding: ValueDecoding = { doc: (path) => ({ path, id: path.split('/').at(-1) }) as DocumentRef };
const decode = (value: RestValue) => decodeValue(value, decoding);
/** A reference as the REST client's own are: a class instance with DocumentRef's shape, naming no database. */
class OwnRef {
  readonly id: string;
  constructor(readonly path: string) {
    this.id = path.split('/').at(-1) as string;
  }
  collection(): void {}
  async get(): Promise<void> {}
}
/** What a document's content could be: a refusal must not repeat it. */
const SECRET = 'SECRET-4711';

describe('encodeValue: numbers', () => {
  it('writes a safe integer as an integer and any other number as a double, as the SDK does', () => {
    expect(encode(42)).toEqual({ integerValue: '42' });
    expect(encode(-(2 ** 53) + 1)).toEqual({ integerValue: String(-(2 ** 53) + 1) });
    expect(encode(1.5)).toEqual({ doubleValue: 1.5 });
    expect(encode(2 ** 53)).toEqual({ doubleValue: 2 ** 53 });
    expect(encode(Number.NaN)).toEqual({ doubleValue: 'NaN' });
    expect(encode(Number.POSITIVE_INFINITY)).toEqual({ doubleValue: 'Infinity' });
    expect(encode(Number.NEGATIVE_INFINITY)).toEqual({ doubleValue: '-Infinity' });
  });

  it('writes -0 as a double whose JSON keeps its sign (JSON.stringify(-0) is "0")', () => {
    const written = JSON.stringify(encode(-0));
    expect(written).toBe('{"doubleValue":"-1e-400"}');
    expect(Object.is(Number(JSON.parse(written).doubleValue), -0)).toBe(true);
  });

  it('writes a bigint as an integer, refusing one outside 64 bits (where the SDK wraps it silently)', () => {
    expect(encode(2n ** 63n - 1n)).toEqual({ integerValue: '9223372036854775807' });
    expect(encode(-(2n ** 63n))).toEqual({ integerValue: '-9223372036854775808' });
    expect(() => encodeFields({ n: 2n ** 64n }, encoding)).toThrow(
      'Firestore cannot store a bigint outside 64-bit integers (field "n")',
    );
  });
});

describe('encodeValue: strings and keys', () => {
  it('writes any well-formed string, and refuses one with a lone surrogate (which the SDK sends and Firestore refuses)', () => {
    expect(encode('a\u0000😀é')).toEqual({ stringValue: 'a\u0000😀é' });
    expect(() => encodeFields({ s: `${SECRET}\ud800` }, encoding)).toThrow(
      'Firestore cannot store a string with a lone surrogate (field "s")',
    );
    expect(() => encodeFields({ s: `\udc00${SECRET}` }, encoding)).not.toThrow(SECRET);
  });

  it('refuses an empty key and a reserved one, at any depth, naming the path', () => {
    expect(() => encodeFields({ a: { '': 1 } }, encoding)).toThrow('an empty field name (field "a.``")');
    expect(() => encodeFields({ m: [{ __x__: 1 }] }, encoding)).toThrow('(field "m.`0`.__x__")');
    expect(() => encodeFields({ 'k\ud800': 1 }, encoding)).toThrow(/lone surrogate/);
  });

  it('keeps odd keys as they are: dots, backquotes, unicode, characters a field path may not hold', () => {
    const keys = ['a.b', 'c`d', 'é', '*~/[]', ' ', '1', 'constructor', '__', '__a'];
    const fields = encodeFields(Object.fromEntries(keys.map((k) => [k, 1])), encoding);
    expect(Object.keys(fields).sort()).toEqual([...keys].sort());
  });

  it('drops an own __proto__ key (as JSON.parse makes one) after checking its value, as the SDK’s encoder does', () => {
    const fields = encodeFields(JSON.parse('{"__proto__": {"x": 1}, "kept": 2}'), encoding);
    expect(Object.keys(fields)).toEqual(['kept']);
    expect(JSON.stringify(fields)).toBe('{"kept":{"integerValue":"2"}}');
    const bad = Object.defineProperty({}, '__proto__', { value: { u: undefined }, enumerable: true });
    expect(() => encodeFields(bad, encoding)).toThrow('(field "__proto__.u")');
  });
});

describe('encodeValue: arrays and maps', () => {
  it('writes nested maps, arrays of maps, maps of arrays, and an empty map', () => {
    expect(encodeFields({ a: { b: [1, { c: ['x'] }], e: {} } }, encoding)).toEqual({
      a: {
        mapValue: {
          fields: {
            b: {
              arrayValue: {
                values: [
                  { integerValue: '1' },
                  { mapValue: { fields: { c: { arrayValue: { values: [{ stringValue: 'x' }] } } } } },
                ],
              },
            },
            e: { mapValue: { fields: {} } },
          },
        },
      },
    });
  });

  it('refuses, naming the element, an array in an array, a hole and undefined', () => {
    expect(() => encodeFields({ a: [1, [2]] }, encoding)).toThrow('an array inside an array (field "a.`1`")');
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    expect(() => encodeFields({ a: [1, , 2] }, encoding)).toThrow('(field "a.`1`")');
    expect(() => encodeFields({ a: [1, undefined] }, encoding)).toThrow(
      'Firestore cannot store undefined (field "a.`1`")',
    );
  });

  it('takes a map without a prototype, and an array in a map in an array', () => {
    const bare = Object.assign(Object.create(null) as object, { x: 1 });
    expect(encode(bare)).toEqual({ mapValue: { fields: { x: { integerValue: '1' } } } });
    expect(encode([{ inner: [1] }])).toBeDefined();
  });

  it('refuses what is nested deeper than the SDK takes (21 field names), and a cycle', () => {
    const nested = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = { a: value };
      return value as Record<string, unknown>;
    };
    expect(() => encodeFields(nested(21), encoding)).not.toThrow();
    expect(() => encodeFields(nested(22), encoding)).toThrow(/deeper than 20 levels/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => encodeFields(cycle, encoding)).toThrow(/or a cycle/);
  });
});

describe('encodeValue: times, bytes, geo points, references', () => {
  it('writes a Date, the SDK’s Timestamp (every nanosecond) and a read time (its own digits)', () => {
    expect(encode(new Date(Date.UTC(2026, 0, 2)))).toEqual({ timestampValue: '2026-01-02T00:00:00.000Z' });
    expect(encode(new Timestamp(1, 123_456_789))).toEqual({ timestampValue: '1970-01-01T00:00:01.123456789Z' });
    const read = new RestTimestamp('2026-01-02T00:00:00.1234Z');
    expect(encode(read)).toEqual({ timestampValue: '2026-01-02T00:00:00.1234Z' });
  });

  it('refuses a Date the SDK refuses: invalid, or outside years 1 to 9999', () => {
    expect(() => encodeFields({ t: new Date(Number.NaN) }, encoding)).toThrow('an invalid Date (field "t")');
    expect(() => encodeFields({ t: new Date(Date.UTC(10_000, 0, 1)) }, encoding)).toThrow(/outside 0001/);
  });

  it('writes a Buffer and a Uint8Array (a view: only its own bytes) as bytes', () => {
    expect(encode(Buffer.from([0, 1, 255]))).toEqual({ bytesValue: 'AAH/' });
    const view = new Uint8Array([7, 8, 9, 10]).subarray(1, 3);
    expect(encode(view)).toEqual({ bytesValue: Buffer.from([8, 9]).toString('base64') });
  });

  it('writes the SDK’s GeoPoint and the REST one as geo points, and a plain {latitude, longitude} as a map', () => {
    expect(encode(new GeoPoint(1.5, -2))).toEqual({ geoPointValue: { latitude: 1.5, longitude: -2 } });
    expect(encode(new RestGeoPoint(1.5, -2))).toEqual({ geoPointValue: { latitude: 1.5, longitude: -2 } });
    expect(encode({ latitude: 1, longitude: 2 })).toHaveProperty('mapValue');
  });

  it('writes the SDK’s references in their database, and the REST client’s in the database written to', () => {
    expect(encode(sdk.doc('c/d'))).toEqual({ referenceValue: `${ROOT}/c/d` });
    expect(encode(new OwnRef('x/d'))).toEqual({ referenceValue: `${ROOT}/x/d` });
    // A plain object is a map, whatever its keys (as the SDK writes it).
    expect(encode({ id: 'd', path: 'x/d', collection: 1, get: 2 })).toHaveProperty('mapValue');
  });
});

describe('encodeValue: what Firestore cannot hold', () => {
  it('refuses undefined, a function, a symbol and a class instance, naming the path and the type, never the value', () => {
    class Secretive {
      readonly note = SECRET;
    }
    const cases: Array<[unknown, string]> = [
      [undefined, 'undefined'],
      [() => SECRET, 'a function'],
      [Symbol(SECRET), 'a symbol'],
      [new Secretive(), 'an object of type Secretive'],
      [new Map([[SECRET, SECRET]]), 'an object of type Map'],
      [new Set([SECRET]), 'an object of type Set'],
      [new Int8Array([1]), 'an object of type Int8Array'],
      [/secret/, 'an object of type RegExp'],
    ];
    for (const [value, kind] of cases) {
      const error = (() => {
        try {
          encodeFields({ a: { b: value } }, encoding);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error, kind).toBeInstanceOf(TypeError);
      expect(error?.message).toBe(`Firestore cannot store ${kind} (field "a.b")`);
    }
  });

  it('refuses a sentinel where no write takes it', () => {
    expect(() => encodeFields({ a: restFieldValues.delete() }, encoding)).toThrow(
      'a delete() sentinel outside a write (field "a")',
    );
  });
});

describe('decodeValue', () => {
  it('reads back what encodeValue wrote', () => {
    const fields = { n: 7, d: 0.25, s: 'x', b: false, z: null, l: [1, { m: [2] }], m: { k: 'v' }, e: {} };
    expect(decodeFields(encodeFields(fields, encoding), decoding)).toEqual(fields);
  });

  it('reads numbers as the SDK does by default: integers as Number (64-bit ones rounded), -0, NaN and infinities', () => {
    expect(decode({ integerValue: '-12' })).toBe(-12);
    expect(decode({ integerValue: '9223372036854775807' })).toBe(Number(2n ** 63n - 1n));
    expect(Object.is(decode(JSON.parse('{"doubleValue": -0.0}')), -0)).toBe(true);
    expect(decode({ doubleValue: 'NaN' })).toBeNaN();
    expect(decode({ doubleValue: '-Infinity' })).toBe(Number.NEGATIVE_INFINITY);
  });

  it('reads a time as a RestTimestamp, bytes as a Buffer, an empty array and an empty map', () => {
    const time = decode({ timestampValue: '2026-01-02T00:00:00.5Z' });
    expect(time).toBeInstanceOf(RestTimestamp);
    expect((time as RestTimestamp).toMillis()).toBe(Date.UTC(2026, 0, 2, 0, 0, 0, 500));
    expect(decode({ bytesValue: 'AAH/' })).toEqual(Buffer.from([0, 1, 255]));
    expect(decode({ arrayValue: {} })).toEqual([]);
    expect(decode({ mapValue: {} })).toEqual({});
  });

  it('reads a geo point as a RestGeoPoint, a missing or -0 coordinate as 0 (the SDK’s `|| 0`)', () => {
    const point = decode({ geoPointValue: { latitude: 1.5 } }) as RestGeoPoint;
    expect(point).toBeInstanceOf(RestGeoPoint);
    expect([point.latitude, point.longitude]).toEqual([1.5, 0]);
    const zero = decode(JSON.parse('{"geoPointValue": {"latitude": -0.0, "longitude": 2}}')) as RestGeoPoint;
    expect(Object.is(zero.latitude, 0)).toBe(true);
  });

  it('reads a reference as a document of the reading client, in its database whatever database it named', () => {
    expect(decode({ referenceValue: `${ROOT}/c/d` })).toEqual({ path: 'c/d', id: 'd' });
    expect(decode({ referenceValue: 'projects/q/databases/other/documents/c/d/e/f' })).toEqual({
      path: 'c/d/e/f',
      id: 'f',
    });
    expect(() => decode({ referenceValue: `${ROOT}/c` })).toThrow(TypeError);
  });

  it('reads a field named __proto__ as the SDK does: assigned, so a map becomes the prototype', () => {
    const read = decodeFields(
      JSON.parse('{"__proto__": {"mapValue": {"fields": {"x": {"integerValue": "1"}}}}}'),
      decoding,
    );
    expect(Object.keys(read)).toEqual([]);
    expect((read as { x?: number }).x).toBe(1);
  });

  it('refuses a value of no type it knows, naming its keys, not its content', () => {
    expect(() => decode({ vectorValue: SECRET } as unknown as RestValue)).toThrow(
      'not a Firestore value: one with the keys vectorValue',
    );
  });
});
