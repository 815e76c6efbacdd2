import { isKitError } from '@callable-flows/kit/errors/index.js';
import { describe, expect, it } from 'vitest';
import { parseApproverSetting } from './approver-setting.js';

describe('parseApproverSetting', () => {
  it('reads the owner, a claim and a list of uids', () => {
    expect(parseApproverSetting('owner')).toEqual({ kind: 'owner' });
    expect(parseApproverSetting(' claim:manager ')).toEqual({ kind: 'claim', claim: 'manager' });
    expect(parseApproverSetting('uids:mary, ops-lead ,')).toEqual({ kind: 'uids', uids: ['mary', 'ops-lead'] });
  });

  it.each(['', 'owners', 'claim:', 'claim:two words', 'uids:', 'uids: , ', 'anyone'])(
    'refuses %j naming the param, so no approval is left to nobody',
    (value) => {
      let caught: unknown;
      try {
        parseApproverSetting(value);
      } catch (error) {
        caught = error;
      }
      expect(isKitError(caught) && caught.code).toBe('failed-precondition');
      expect(String(caught)).toContain('AGENT_APPROVERS');
    },
  );
});
