import { describe, expect, it } from 'vitest';
import { approverCheckOf, approversIn, approversWithClaim, assertApprovers, inboxAddressOf } from './approvers.js';

const session = { id: 's1', ownerUid: 'alice', agent: 'shop', state: undefined };
const call = { name: 'refund', ref: 'r1', input: {}, metadata: undefined };
const ask = (approvers: Parameters<typeof approverCheckOf>[0], uid: string, token: Record<string, unknown> = {}) =>
  approverCheckOf(approvers)?.({ auth: { uid, token }, session, call });

describe('approvers', () => {
  it('admits the holders of a claim set to true, and no one else (the owner neither)', () => {
    const managers = approversWithClaim('manager');
    expect(ask(managers, 'bob', { manager: true })).toBe(true);
    expect(ask(managers, 'eve', { manager: 'yes' })).toBe(false);
    expect(ask(managers, 'alice')).toBe(false);
    expect(inboxAddressOf(managers)).toEqual({ uids: [], claim: 'manager' });
  });
  it('refuses the session owner who holds the claim when excludeOwner is set, and admits other holders', () => {
    const managers = approversWithClaim('manager', { excludeOwner: true });
    expect(ask(managers, 'alice', { manager: true })).toBe(false);
    expect(ask(managers, 'bob', { manager: true })).toBe(true);
    expect(ask(managers, 'eve')).toBe(false);
    expect(ask(approversWithClaim('manager'), 'alice', { manager: true })).toBe(true);
    expect(inboxAddressOf(managers)).toEqual({ uids: [], claim: 'manager' });
  });
  it('admits the uids listed, and addresses the inbox to them', () => {
    const finance = approversIn(['carol', 'dan']);
    expect(ask(finance, 'dan')).toBe(true);
    expect(ask(finance, 'alice')).toBe(false);
    expect(inboxAddressOf(finance)).toEqual({ uids: ['carol', 'dan'] });
  });
  it("has no check and stamps no address for the owner (the default), and addresses a bare check's calls to no one else", () => {
    expect(approverCheckOf(undefined)).toBeUndefined();
    expect(approverCheckOf('owner')).toBeUndefined();
    expect(inboxAddressOf('owner')).toBeUndefined();
    const check = () => true;
    expect(approverCheckOf(check)).toBe(check);
    expect(inboxAddressOf(check)).toEqual({ uids: [] });
  });
  it('refuses an approvers value of no known form, and a claim with no name', () => {
    expect(() => assertApprovers('refund', 'manager')).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => assertApprovers('refund', { check: () => true, inbox: { claim: '' } })).toThrow();
    expect(() => assertApprovers('refund', { inbox: { uids: ['a'] } })).toThrow();
    expect(() => approversWithClaim('')).toThrow();
    expect(() => assertApprovers('refund', approversIn(['a']))).not.toThrow();
  });
});
