import { describe, expect, it } from 'vitest';
import { answeredByWords, approvalCopy, outcomeOf, toolWords } from './approval-copy.js';

const cancelMetadata = {
  title: 'Cancel order A-1001?',
  summary: 'Your Espresso grinder (order A-1001) will be cancelled.',
  consequence: "This can't be undone.",
  approveLabel: 'Cancel order',
  declineLabel: 'Keep order',
  declinedOutcome: 'Kept',
  orderId: 'A-1001',
};

describe('approvalCopy', () => {
  it("uses the tool's own words when its interrupt metadata has them", () => {
    expect(approvalCopy('cancelOrder', cancelMetadata)).toEqual({
      title: 'Cancel order A-1001?',
      summary: 'Your Espresso grinder (order A-1001) will be cancelled.',
      consequence: "This can't be undone.",
      approveLabel: 'Cancel order',
      declineLabel: 'Keep order',
      declinedOutcome: 'Kept',
    });
  });

  it('takes an older tool’s question as the title when it has no title', () => {
    expect(approvalCopy('cancelOrder', { question: 'Cancel A-1?' }).title).toBe('Cancel A-1?');
  });

  it('falls back to plain words naming the tool when the metadata says nothing', () => {
    expect(approvalCopy('sendEmail', true)).toEqual({
      title: 'Allow the assistant to send email?',
      approveLabel: 'Approve',
      declineLabel: 'Decline',
      declinedOutcome: 'Declined',
    });
  });

  it('ignores fields that are not text when a tool puts other values there', () => {
    expect(approvalCopy('x', { title: 7, approveLabel: ' ' })).toMatchObject({ approveLabel: 'Approve' });
  });
});

describe('toolWords', () => {
  it('splits camelCase and separators into lower-case words', () => {
    expect(toolWords('cancelOrder')).toBe('cancel order');
    expect(toolWords('send_email.v2')).toBe('send email v2');
  });
});

describe('outcomeOf', () => {
  const copy = approvalCopy('cancelOrder', cancelMetadata);

  it("says the tool's outcome when the approved call ran", () => {
    expect(outcomeOf('approved', copy, { cancelled: true, outcome: 'Cancelled' })).toEqual({
      text: 'Cancelled',
      ok: true,
    });
  });

  it('says it was not done when the approved call came back with a reason', () => {
    expect(outcomeOf('approved', copy, { cancelled: false, reason: 'the order is shipped' })).toEqual({
      text: 'Not done: the order is shipped',
      ok: false,
    });
  });

  it('says the approved call failed, with the error’s words, when its tool threw', () => {
    const output = { error: 'the payments service is down' };
    expect(outcomeOf('approved', copy, output, { failed: true })).toEqual({
      text: 'Failed: the payments service is down',
      ok: false,
    });
    expect(outcomeOf('approved', copy, {}, { failed: true })?.text).toBe('Failed: the tool gave no reason');
  });

  it("says the declined outcome with the person's reason when they gave one", () => {
    expect(outcomeOf('declined', copy, undefined, { declineReason: 'I changed my mind' })?.text).toBe(
      'Kept: I changed my mind',
    );
    expect(outcomeOf('declined', copy, undefined)?.text).toBe('Kept');
  });

  it('says nothing was done when the approval expired or a deploy left it unable to run, and nothing while it waits', () => {
    expect(outcomeOf('expired', copy, undefined)?.text).toContain('nothing was done');
    expect(outcomeOf('not-run', copy, undefined)).toEqual({
      text: 'Not run: the assistant was updated before anyone answered, so nothing was done.',
      ok: false,
    });
    expect(outcomeOf('waiting', copy, undefined)).toBeUndefined();
  });
});

describe('answeredByWords', () => {
  it('says who approved or declined a decided card: "you" for the person looking, their name (else uid) for anyone else', () => {
    expect(answeredByWords('approved', { uid: 'max', name: 'Max Manager' }, 'ann')).toBe('Approved by Max Manager');
    expect(answeredByWords('approved', { uid: 'max' }, 'ann')).toBe('Approved by max');
    expect(answeredByWords('declined', { uid: 'ann', name: 'Ann' }, 'ann')).toBe('Declined by you');
  });
  it('says nothing while the card waits, once it expired, or when no one is recorded', () => {
    expect(answeredByWords('waiting', { uid: 'max' }, 'ann')).toBeUndefined();
    expect(answeredByWords('expired', { uid: 'max' }, 'ann')).toBeUndefined();
    expect(answeredByWords('approved', undefined, 'ann')).toBeUndefined();
  });
});
