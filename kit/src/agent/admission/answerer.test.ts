import { describe, expect, it } from 'vitest';
import { APPROVER_NAME_CLAIM } from '../../tools/index.js';
import { answererOf, MAX_ANSWERER_NAME } from './answerer.js';

describe('answererOf', () => {
  it('takes the name from the custom claim the app sets, trimmed and bounded, and the app App Check vouched for', () => {
    const long = 'x'.repeat(MAX_ANSWERER_NAME + 20);
    const token = { [APPROVER_NAME_CLAIM]: '  Max Manager ' };
    expect(answererOf({ auth: { uid: 'max', token }, app: { appId: 'web' } }, true)).toEqual({
      token,
      appId: 'web',
      name: 'Max Manager',
      approvers: true,
    });
    const longToken = { [APPROVER_NAME_CLAIM]: long };
    expect(answererOf({ auth: { uid: 'max', token: longToken } }, false).name).toBe('x'.repeat(MAX_ANSWERER_NAME));
  });

  it("never takes the ID token's name claim, which the user edits (updateProfile)", () => {
    const answerer = answererOf({ auth: { uid: 'eve', token: { name: 'Mary (manager)' } } }, true);
    expect(answerer).not.toHaveProperty('name');
  });

  it('takes the name an approverName hook gives, from the uid and claims', () => {
    const names: Record<string, string> = { max: 'Max from the directory' };
    const hook = ({ uid }: { uid: string }) => names[uid];
    const answerer = answererOf({ auth: { uid: 'max', token: { name: 'Eve' } } }, true, hook);
    expect(answerer.name).toBe('Max from the directory');
    expect(answererOf({ auth: { uid: 'bob', token: {} } }, true, hook)).not.toHaveProperty('name');
  });

  it('names nobody when the claim is missing, empty, or not a string', () => {
    for (const name of [undefined, '', '   ', 42]) {
      expect(answererOf({ auth: { uid: 'max', token: { [APPROVER_NAME_CLAIM]: name } } }, false)).not.toHaveProperty(
        'name',
      );
    }
    expect(answererOf(undefined, false)).toEqual({ token: {}, approvers: false });
  });
});
