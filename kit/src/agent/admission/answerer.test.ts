import { describe, expect, it } from 'vitest';
import { answererOf, MAX_ANSWERER_NAME } from './answerer.js';

describe('answererOf', () => {
  it('takes the name of the verified token, trimmed and bounded, and the app App Check vouched for', () => {
    const long = 'x'.repeat(MAX_ANSWERER_NAME + 20);
    expect(
      answererOf({ auth: { uid: 'max', token: { name: '  Max Manager ' } }, app: { appId: 'web' } }, true),
    ).toEqual({ token: { name: '  Max Manager ' }, appId: 'web', name: 'Max Manager', approvers: true });
    expect(answererOf({ auth: { uid: 'max', token: { name: long } } }, false).name).toBe('x'.repeat(MAX_ANSWERER_NAME));
  });

  it('names nobody when the token has no name, an empty one, or one that is not a string', () => {
    for (const name of [undefined, '', '   ', 42]) {
      expect(answererOf({ auth: { uid: 'max', token: { name } } }, false)).not.toHaveProperty('name');
    }
    expect(answererOf(undefined, false)).toEqual({ token: {}, approvers: false });
  });
});
