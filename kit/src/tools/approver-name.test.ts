import { describe, expect, it } from 'vitest';
import { APPROVER_NAME_CLAIM, approverNameClaim } from './approver-name.js';

describe('approverNameClaim', () => {
  it('reads the custom claim the app sets when the token has it', () => {
    expect(approverNameClaim({ uid: 'mary', token: { [APPROVER_NAME_CLAIM]: 'Mary (manager)' } })).toBe(
      'Mary (manager)',
    );
  });

  it("ignores the ID token's name claim, which the user can edit, when the custom claim is absent", () => {
    expect(approverNameClaim({ uid: 'eve', token: { name: 'Mary (manager)' } })).toBeUndefined();
    expect(approverNameClaim({ uid: 'eve', token: { [APPROVER_NAME_CLAIM]: 7 } })).toBeUndefined();
  });
});
