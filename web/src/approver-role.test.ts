import { describe, expect, it } from 'vitest';
import { answerableBy, mayAnswer, waitsForWords } from './approver-role.js';

const alice = { uid: 'uid-alice', claims: {} };
const mary = { uid: 'uid-mary', claims: { manager: true } };

describe('mayAnswer', () => {
  it("lets the owner answer a call of their own alone, and one whose tool's check the server decides", () => {
    expect(mayAnswer(undefined, alice)).toBe(true);
    expect(mayAnswer({ uids: [] }, alice)).toBe(true);
  });

  it("refuses the owner a call addressed to a claim they don't hold, and admits its holder", () => {
    expect(mayAnswer({ uids: [], claim: 'manager' }, alice)).toBe(false);
    expect(mayAnswer({ uids: [], claim: 'manager' }, { uid: 'uid-x', claims: { manager: 'yes' } })).toBe(false);
    expect(mayAnswer({ uids: [], claim: 'manager' }, mary)).toBe(true);
  });

  it('admits only the uids a call is addressed to, and nobody while no one is signed in', () => {
    expect(mayAnswer({ uids: ['uid-alice'] }, alice)).toBe(true);
    expect(mayAnswer({ uids: ['uid-bob'] }, alice)).toBe(false);
    expect(mayAnswer({ uids: ['uid-bob'] }, undefined)).toBe(false);
  });
});

describe('waitsForWords', () => {
  it('names the claim as a role with its article, and an approver when only uids are named', () => {
    expect(waitsForWords({ uids: [], claim: 'manager' })).toBe('a manager');
    expect(waitsForWords({ uids: [], claim: 'accountsPayable' })).toBe('an accounts payable');
    expect(waitsForWords({ uids: ['uid-bob'] })).toBe('an approver');
  });
});

describe('answerableBy', () => {
  it('counts for the owner their own calls, never one that waits for a manager; the manager sees that one', () => {
    const waiting = [
      { ref: 'cancel', approvers: undefined },
      { ref: 'refund', approvers: { uids: [], claim: 'manager' } },
    ];
    expect(answerableBy(waiting, alice).map((one) => one.ref)).toEqual(['cancel']);
    expect(answerableBy(waiting, mary).map((one) => one.ref)).toEqual(['cancel', 'refund']);
  });
});
