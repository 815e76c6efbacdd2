import { describe, expect, it } from 'vitest';
import { restFieldValues } from './rest-field-values.js';
import { RestTimestamp } from './rest-timestamp.js';
import { fieldPathOf, restDelete, restWrite } from './rest-write.js';

const NAME = 'projects/p/databases/(default)/documents/c/d';

describe('fieldPathOf', () => {
  it('quotes segments that are not simple names, escaping backquotes and backslashes', () => {
    expect(fieldPathOf(['calls', '1234'])).toBe('calls.`1234`');
    expect(fieldPathOf(['sessions', 'a-b'])).toBe('sessions.`a-b`');
    expect(fieldPathOf(['x', 'a`b\\c'])).toBe('x.`a\\`b\\\\c`');
    expect(fieldPathOf(['_ok', 'A1'])).toBe('_ok.A1');
  });
});

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

  it('masks a merge to its leaves and sends increments as transforms', () => {
    const write = restWrite('merge', NAME, {
      uid: 'u',
      tokens: restFieldValues.increment(5),
      calls: { '1234': restFieldValues.increment(1) },
    });
    expect(write.updateMask).toEqual({ fieldPaths: ['uid'] });
    expect(write.update?.fields).toEqual({ uid: { stringValue: 'u' }, calls: { mapValue: { fields: {} } } });
    expect(write.updateTransforms).toEqual([
      { fieldPath: 'tokens', increment: { integerValue: '5' } },
      { fieldPath: 'calls.`1234`', increment: { integerValue: '1' } },
    ]);
  });

  it('reads dotted keys of an update as field paths and deletes a field given the delete sentinel', () => {
    const write = restWrite('update', NAME, { 'turn.step': 2, old: restFieldValues.delete() });
    expect(write.update?.fields).toEqual({ turn: { mapValue: { fields: { step: { integerValue: '2' } } } } });
    expect(write.updateMask).toEqual({ fieldPaths: ['turn.step', 'old'] });
    expect(write.currentDocument).toEqual({ exists: true });
  });

  it('sends back the exact update time of a lastUpdateTime precondition', () => {
    const lastUpdateTime = new RestTimestamp('2026-12-01T20:30:00.123456789Z');
    expect(restWrite('update', NAME, { a: 1 }, { lastUpdateTime }).currentDocument).toEqual({
      updateTime: '2026-12-01T20:30:00.123456789Z',
    });
  });

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
