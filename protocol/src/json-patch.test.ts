import fc from 'fast-check';
import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, diffJson, type JsonValue, replaceWhole } from './json-patch.js';

// fast-json-patch's applier is the reference: a patch the diff makes must mean to it what it means here.
const libraryApply = (doc: unknown, patch: ReturnType<typeof diffJson>): unknown =>
  jsonpatch.applyPatch(structuredClone(doc), structuredClone(patch) as jsonpatch.Operation[], true, false).newDocument;

// Keys with the pointer's special characters, and documents that share most of their shape.
const key = fc.constantFrom('a', 'b', 'c', '~', '/', 'a/b', '~1', '');
const json: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<JsonValue>(null, true, 0, 1, 'x', ''),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;
// The library refuses patches that touch `__proto__` or `constructor/prototype` (its guard against
// prototype pollution): such documents are left out here, and this applier's own handling of
// them is pinned below.
const noPrototypeKeys = ([a, b]: [JsonValue, JsonValue]): boolean =>
  !/"(__proto__|prototype)"/.test(JSON.stringify([a, b]));
const pair = fc
  .oneof(
    fc.tuple(json, json),
    fc.tuple(json, fc.jsonValue() as fc.Arbitrary<JsonValue>),
    fc.tuple(fc.jsonValue() as fc.Arbitrary<JsonValue>, fc.jsonValue() as fc.Arbitrary<JsonValue>),
  )
  .filter(noPrototypeKeys);

describe('diffJson', () => {
  it("makes a patch that fast-json-patch's applier turns the first document into the second with", () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(libraryApply(a, diffJson(a, b))).toEqual(b);
      }),
      { numRuns: 2000 },
    );
  });

  it('makes an empty patch for equal documents, and one operation for a change deep inside a large one', () => {
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, done: false })) };
    expect(diffJson(big, structuredClone(big))).toEqual([]);
    const next = structuredClone(big);
    (next.items[150] as { done: boolean }).done = true;
    expect(diffJson(big, next)).toEqual([{ op: 'replace', path: '/items/150/done', value: true }]);
  });

  it('escapes ~ and / in field names as JSON Pointer does', () => {
    expect(diffJson({}, { 'a/b~c': 1 })).toEqual([{ op: 'add', path: '/a~1b~0c', value: 1 }]);
  });

  it('treats a field whose value is undefined as no field, as JSON does', () => {
    expect(diffJson({ a: undefined }, {})).toEqual([]);
    expect(diffJson({}, { a: undefined, b: 1 })).toEqual([{ op: 'add', path: '/b', value: 1 }]);
  });
});

describe('applyJsonPatch', () => {
  it("agrees with fast-json-patch's applier on every patch the diff makes, and leaves its input as it was", () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const before = structuredClone(a);
        const patch = diffJson(a, b);
        expect(applyJsonPatch(a, patch)).toEqual(libraryApply(a, patch));
        expect(a).toEqual(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('sets the whole document with the first chunk of a stream', () => {
    expect(applyJsonPatch(undefined, replaceWhole({ n: 1 }))).toEqual({ n: 1 });
  });

  it('sets a field named __proto__ as a field, never as the prototype', () => {
    const patched = applyJsonPatch({}, JSON.parse('[{"op":"add","path":"/__proto__","value":{"polluted":true}}]'));
    expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
    expect(JSON.stringify(patched)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('refuses a path that is not in the document, as the library does', () => {
    expect(() => applyJsonPatch([1], [{ op: 'remove', path: '/3' }])).toThrow();
    expect(() => libraryApply([1], [{ op: 'remove', path: '/3' }])).toThrow();
    expect(() => applyJsonPatch(1, [{ op: 'add', path: '/a', value: 1 }])).toThrow();
  });
});
