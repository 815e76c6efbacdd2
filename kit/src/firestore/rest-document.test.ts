import { describe, expect, it } from 'vitest';
import type { DocumentRef } from './document-db.js';
import { RestSnapshot } from './rest-document.js';
import { RestTimestamp } from './rest-timestamp.js';
import type { ValueDecoding } from './rest-value.js';

const NAME = 'projects/p/databases/(default)/documents/c/d';
const made: string[] = [];
const decoding: ValueDecoding = {
  doc: (path) => {
    made.push(path);
    return { path, id: path.split('/').at(-1) } as DocumentRef;
  },
};
const found = {
  name: NAME,
  updateTime: '2026-01-02T03:04:05.123456Z',
  fields: {
    map: {
      mapValue: { fields: { list: { arrayValue: { values: [{ integerValue: '1' }] } }, empty: { mapValue: {} } } },
    },
    ref: { referenceValue: 'projects/p/databases/(default)/documents/c/other' },
    'a.b': { stringValue: 'dotted name' },
  },
};

describe('RestSnapshot', () => {
  it('reads a found document: its id, its update time, its fields', () => {
    const snap = new RestSnapshot('d', found, decoding);
    expect([snap.exists, snap.id]).toEqual([true, 'd']);
    expect(snap.updateTime).toBeInstanceOf(RestTimestamp);
    expect(snap.updateTime?.nanoseconds).toBe(123_456_000);
    expect(snap.data()).toMatchObject({ map: { list: [1], empty: {} }, 'a.b': 'dotted name' });
  });

  it('reads a missing document as not existing, with no data and no fields', () => {
    const snap = new RestSnapshot('d', undefined, decoding);
    expect([snap.exists, snap.data(), snap.get('map'), snap.updateTime]).toEqual([
      false,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads a document without fields as an empty one', () => {
    expect(new RestSnapshot('d', { name: NAME }, decoding).data()).toEqual({});
  });

  it('decodes on every data(), as the SDK: a change to one answer is not in the next', () => {
    const snap = new RestSnapshot('d', found, decoding);
    (snap.data() as { map: { list: number[] } }).map.list.push(2);
    expect(snap.get('map.list')).toEqual([1]);
    expect(snap.data()?.map).toEqual({ list: [1], empty: {} });
  });

  it('reads a reference as a document of the reading client', () => {
    made.length = 0;
    expect(new RestSnapshot('d', found, decoding).get('ref')).toEqual({ path: 'c/other', id: 'other' });
    expect(made).toEqual(['c/other']);
  });

  it('walks a dotted path through maps only; an absent field, or one named like an Object method, is undefined', () => {
    const snap = new RestSnapshot('d', found, decoding);
    expect(snap.get('map.list')).toEqual([1]);
    expect(snap.get('map.list.0')).toBeUndefined();
    expect(snap.get('map.empty.x')).toBeUndefined();
    expect(snap.get('constructor')).toBeUndefined();
    expect(snap.get('map.toString')).toBeUndefined();
    // A field whose name has a dot is reached through data(), as in the SDK (or a FieldPath there).
    expect(snap.get('a.b')).toBeUndefined();
  });

  it('refuses, as the SDK, a path that names no field', () => {
    const snap = new RestSnapshot('d', found, decoding);
    expect(() => snap.get('map..list')).toThrow(TypeError);
    expect(() => snap.get('')).toThrow(TypeError);
  });
});
