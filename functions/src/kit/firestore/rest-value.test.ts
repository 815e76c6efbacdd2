import { describe, expect, it } from 'vitest';
import { RestTimestamp } from './rest-timestamp.js';
import { decodeFields, decodeValue, encodeFields, encodeValue } from './rest-value.js';

describe('encodeValue', () => {
  it('writes a safe integer as an integer and any other number as a double, as the SDK does', () => {
    expect(encodeValue(42)).toEqual({ integerValue: '42' });
    expect(encodeValue(1.5)).toEqual({ doubleValue: 1.5 });
    expect(encodeValue(-0)).toEqual({ doubleValue: -0 });
    expect(encodeValue(2 ** 60)).toEqual({ doubleValue: 2 ** 60 });
    expect(encodeValue(Number.NaN)).toEqual({ doubleValue: 'NaN' });
  });

  it('writes a Date and a read time as timestamps, the read time with its own digits', () => {
    expect(encodeValue(new Date(Date.UTC(2026, 0, 2)))).toEqual({ timestampValue: '2026-01-02T00:00:00.000Z' });
    const read = new RestTimestamp('2026-01-02T00:00:00.123456789Z');
    expect(encodeValue(read)).toEqual({ timestampValue: '2026-01-02T00:00:00.123456789Z' });
  });

  it('writes nested maps and arrays', () => {
    expect(encodeFields({ a: { b: [1, 'x', null, true] } })).toEqual({
      a: {
        mapValue: {
          fields: {
            b: {
              arrayValue: {
                values: [{ integerValue: '1' }, { stringValue: 'x' }, { nullValue: null }, { booleanValue: true }],
              },
            },
          },
        },
      },
    });
  });

  it('refuses undefined and functions, naming the field, as the SDK does without ignoreUndefinedProperties', () => {
    expect(() => encodeFields({ a: { b: undefined } })).toThrow(/document\.a\.b: Firestore cannot store undefined/);
    expect(() => encodeFields({ f: () => 1 })).toThrow(/document\.f/);
  });
});

describe('decodeValue', () => {
  it('reads back what encodeValue wrote, times as RestTimestamp', () => {
    const fields = { n: 7, d: 0.25, s: 'x', b: false, z: null, l: [1, [2]], m: { k: 'v' } };
    expect(decodeFields(encodeFields(fields))).toEqual(fields);
    const time = decodeValue({ timestampValue: '2026-01-02T00:00:00.5Z' });
    expect(time).toBeInstanceOf(RestTimestamp);
    expect((time as RestTimestamp).toMillis()).toBe(Date.UTC(2026, 0, 2, 0, 0, 0, 500));
  });

  it('reads an integer sent as a string, an empty array and an empty map', () => {
    expect(decodeValue({ integerValue: '-12' })).toBe(-12);
    expect(decodeValue({ arrayValue: {} })).toEqual([]);
    expect(decodeValue({ mapValue: {} })).toEqual({});
  });
});
