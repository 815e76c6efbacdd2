import { Firestore } from '@google-cloud/firestore';
import { describe, expect, it } from 'vitest';
import { restFieldValues } from './rest-field-values.js';
import { RestTimestamp } from './rest-timestamp.js';
import { restDelete, restWrite, type WriteMode } from './rest-write.js';

const NAME = 'projects/p/databases/(default)/documents/c/d';
const { delete: remove, increment } = restFieldValues;

describe('restWrite', () => {
  it('makes a create a write that requires the document to be missing', () => {
    expect(restWrite('create', NAME, { a: 1 })).toEqual({
      update: { name: NAME, fields: { a: { integerValue: '1' } } },
      currentDocument: { exists: false },
    });
  });

  it('replaces the whole document on a set: no mask, no precondition', () => {
    expect(restWrite('set', NAME, { a: { b: 1 } })).toEqual({
      update: { name: NAME, fields: { a: { mapValue: { fields: { b: { integerValue: '1' } } } } } },
    });
  });

  it('masks a merge to its leaves and empty maps, and sends increments as transforms, not as fields', () => {
    const write = restWrite('merge', NAME, {
      uid: 'u',
      tokens: increment(5),
      calls: { '1234': increment(1) },
      cleared: {},
      gone: { x: remove() },
    });
    expect(write.updateMask).toEqual({ fieldPaths: ['uid', 'cleared', 'gone.x'] });
    // As the SDK: a map that held only sentinels is not written.
    expect(write.update?.fields).toEqual({ uid: { stringValue: 'u' }, cleared: { mapValue: { fields: {} } } });
    expect(write.updateTransforms).toEqual([
      { fieldPath: 'tokens', increment: { integerValue: '5' } },
      { fieldPath: 'calls.`1234`', increment: { integerValue: '1' } },
    ]);
  });

  it('reads dotted keys of an update as field paths and deletes a field given the delete sentinel', () => {
    const write = restWrite('update', NAME, { 'turn.step': 2, 'turn.at': 3, old: remove() });
    expect(write.update?.fields).toEqual({
      turn: { mapValue: { fields: { step: { integerValue: '2' }, at: { integerValue: '3' } } } },
    });
    expect(write.updateMask).toEqual({ fieldPaths: ['turn.step', 'turn.at', 'old'] });
    expect(write.currentDocument).toEqual({ exists: true });
  });

  it('takes an increment inside an update’s map value, as the SDK: the field is replaced by the rest, the increment applied on it', () => {
    const write = restWrite('update', NAME, { a: { b: increment(1), c: 2 }, n: increment(-0) });
    expect(write.update?.fields).toEqual({ a: { mapValue: { fields: { c: { integerValue: '2' } } } } });
    expect(write.updateMask).toEqual({ fieldPaths: ['a'] });
    expect(write.updateTransforms).toEqual([
      { fieldPath: 'a.b', increment: { integerValue: '1' } },
      { fieldPath: 'n', increment: { doubleValue: '-1e-400' } },
    ]);
  });

  it('writes the REST client’s and the SDK’s references in the database of the write', () => {
    class OwnRef {
      readonly id = 'x';
      readonly path = 'c/x';
      collection(): void {}
      async get(): Promise<void> {}
    }
    const ref = new OwnRef();
    const sdkRef = new Firestore({ projectId: 'p' }).doc('c/y');
    const write = restWrite('set', 'projects/p/databases/named/documents/c/d', { ref, sdkRef });
    expect(write.update?.fields).toEqual({
      ref: { referenceValue: 'projects/p/databases/named/documents/c/x' },
      sdkRef: { referenceValue: 'projects/p/databases/(default)/documents/c/y' },
    });
  });

  it('sends back the exact update time of a lastUpdateTime precondition', () => {
    const lastUpdateTime = new RestTimestamp('2026-12-01T20:30:00.123456789Z');
    expect(restWrite('update', NAME, { a: 1 }, { lastUpdateTime }).currentDocument).toEqual({
      updateTime: '2026-12-01T20:30:00.123456789Z',
    });
  });
});

describe('restWrite: sentinels only where the SDK allows them', () => {
  const refusal = (mode: WriteMode, data: Record<string, unknown>): string | undefined => {
    try {
      restWrite(mode, NAME, data);
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      return (error as Error).message;
    }
  };

  it('takes a delete in an update (a whole field) and in a merge (at any depth)', () => {
    expect(refusal('update', { a: remove() })).toBeUndefined();
    expect(refusal('update', { 'a.b.c': remove() })).toBeUndefined();
    expect(refusal('merge', { a: remove() })).toBeUndefined();
    expect(refusal('merge', { a: { b: { c: remove() } } })).toBeUndefined();
  });

  it('refuses a delete in a plain set, a create, inside an update’s map value, and in any array', () => {
    expect(refusal('set', { a: remove() })).toMatch(/delete\(\) sentinel here.*\(field "a"\)/);
    expect(refusal('create', { a: { b: remove() } })).toMatch(/\(field "a\.b"\)/);
    expect(refusal('update', { a: { b: remove() } })).toMatch(/\(field "a\.b"\)/);
    expect(refusal('merge', { a: [remove()] })).toBe(
      'Firestore cannot store a delete() sentinel inside an array (field "a.`0`")',
    );
  });

  it('takes an increment in any write, at any depth of maps, never in an array or by what is not a number', () => {
    for (const mode of ['set', 'create', 'merge', 'update'] as const) {
      expect(refusal(mode, { a: { b: increment(1) } }), mode).toBeUndefined();
      expect(refusal(mode, { a: [{ b: increment(1) }] }), mode).toMatch(/inside an array \(field "a\.`0`\.b"\)/);
    }
    expect(refusal('set', { a: increment(Number.NaN) })).toMatch(/increment\(\) by a number/);
    expect(refusal('set', { a: increment('1' as unknown as number) })).toMatch(/increment\(\) by a string/);
  });
});

describe('restWrite: documents and updates the SDK refuses', () => {
  it('refuses a document that is not a plain object', () => {
    expect(() => restWrite('set', NAME, new Map() as unknown as Record<string, unknown>)).toThrow(
      'a document to write must be a plain object, not an object of type Map',
    );
  });

  it('refuses an empty update, a key that is no field path, and keys of which one holds the other', () => {
    expect(() => restWrite('update', NAME, {})).toThrow('an update needs at least one field');
    expect(() => restWrite('update', NAME, { 'a..b': 1 })).toThrow(/not a field path/);
    expect(() => restWrite('update', NAME, { 'a*': 1 })).toThrow(/not a field path/);
    expect(() => restWrite('update', NAME, { a: 1, 'a.b': 2 })).toThrow(
      'an update names field "a" and a field inside it',
    );
    expect(() => restWrite('update', NAME, { 'a.b': 1, 'a.c': 2 })).not.toThrow();
  });

  it('takes, in a set, keys an update’s path may not hold', () => {
    expect(Object.keys(restWrite('set', NAME, { 'a*': 1, 'b.c': 2 }).update?.fields ?? {})).toEqual(['a*', 'b.c']);
  });
});

describe('restDelete', () => {
  it('writes the update time of another client’s time object with nine digits', () => {
    const lastUpdateTime = {
      seconds: Date.UTC(2026, 0, 1) / 1000,
      nanoseconds: 5,
      toMillis: () => 0,
      isEqual: () => false,
    };
    expect(restDelete(NAME, { lastUpdateTime })).toEqual({
      delete: NAME,
      currentDocument: { updateTime: '2026-01-01T00:00:00.000000005Z' },
    });
  });
});
