import { describe, expect, it } from 'vitest';
import { fieldError, fieldNameProblem, fieldPathOf, splitFieldPath, updatePathSegments } from './rest-field-path.js';

describe('fieldPathOf', () => {
  it('quotes segments that are not simple names, escaping backquotes and backslashes, as the SDK formats them', () => {
    expect(fieldPathOf(['calls', '1234'])).toBe('calls.`1234`');
    expect(fieldPathOf(['sessions', 'a-b'])).toBe('sessions.`a-b`');
    expect(fieldPathOf(['x', 'a`b\\c'])).toBe('x.`a\\`b\\\\c`');
    expect(fieldPathOf(['_ok', 'A1'])).toBe('_ok.A1');
    expect(fieldPathOf(['a.b', 'é'])).toBe('`a.b`.`é`');
  });
});

describe('fieldNameProblem', () => {
  it('refuses an empty name, a lone surrogate and a name Firestore reserves', () => {
    expect(fieldNameProblem('')).toMatch(/empty/);
    expect(fieldNameProblem('k\ud800')).toMatch(/lone surrogate/);
    expect(fieldNameProblem('\udc00')).toMatch(/lone surrogate/);
    expect(fieldNameProblem('__name__')).toMatch(/reserves/);
    expect(fieldNameProblem('__x__')).toMatch(/reserves/);
    expect(fieldNameProblem('_____')).toMatch(/reserves/);
    expect(fieldNameProblem('__\n__')).toMatch(/reserves/);
  });

  it('takes what the SDK and the emulator take: underscores short of __…__, pairs of surrogates, dots, odd characters', () => {
    for (const name of ['__', '___', '____', '__a', 'a__', '😀', 'a.b', '*~/[]', ' ', 'constructor', '\u0000', '1']) {
      expect(fieldNameProblem(name)).toBeUndefined();
    }
  });
});

describe('fieldError', () => {
  it('names the field path and the problem, and says nothing else', () => {
    const error = fieldError(['a', '0', 'b c'], 'undefined');
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('Firestore cannot store undefined (field "a.`0`.`b c`")');
    expect(fieldError([], 'an object of type Foo').message).toMatch(/\(the document\)$/);
  });
});

describe('splitFieldPath', () => {
  it('splits a dotted path', () => {
    expect(splitFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(splitFieldPath('é')).toEqual(['é']);
  });

  it('refuses, as the SDK, empty segments and the characters *~/[]', () => {
    for (const path of ['', '.a', 'a.', 'a..b', 'a*', 'a~b', 'a/b', 'a[0]']) {
      expect(() => splitFieldPath(path), path).toThrow(TypeError);
    }
  });
});

describe('updatePathSegments', () => {
  it('refuses a segment no field can be named, naming the path up to it', () => {
    expect(() => updatePathSegments('a.__x__.b')).toThrow(
      'Firestore cannot store a field name Firestore reserves (__…__) (field "a.__x__")',
    );
    expect(() => updatePathSegments('a.\ud800')).toThrow(/lone surrogate/);
    expect(updatePathSegments('turn.step')).toEqual(['turn', 'step']);
  });
});
