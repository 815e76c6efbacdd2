import { describe, expect, it } from 'vitest';
import { askerWords, presentedFields, spanWords, timeWords } from './inbox-words.js';

const MINUTE = 60_000;

describe('spanWords', () => {
  it('says a span in its largest whole unit, singular for one', () => {
    expect(spanWords(20_000)).toBe('less than a minute');
    expect(spanWords(MINUTE)).toBe('1 minute');
    expect(spanWords(59 * MINUTE)).toBe('59 minutes');
    expect(spanWords(3 * 60 * MINUTE + 5)).toBe('3 hours');
    expect(spanWords(2 * 24 * 60 * MINUTE)).toBe('2 days');
  });
});

describe('timeWords', () => {
  it('says how long an approval has waited and when it expires, or that it does not', () => {
    const now = 1_000 * MINUTE;
    expect(timeWords({ waitingSince: now - 5 * MINUTE, expiresAt: now + 2 * 60 * MINUTE }, now)).toEqual({
      waiting: 'Waiting for 5 minutes',
      expires: 'Expires in 2 hours',
    });
    expect(timeWords({ waitingSince: now, expiresAt: null }, now).expires).toBe('Does not expire');
    expect(timeWords({ waitingSince: now - MINUTE, expiresAt: now - 1 }, now).expires).toBe('Expiring now');
  });
});

describe('askerWords', () => {
  it('names the owner when the app knows them, else says their uid', () => {
    const names = new Map([['uid-alice', 'alice@example.com']]);
    expect(askerWords('uid-alice', names)).toBe('alice@example.com (uid-alice)');
    expect(askerWords('uid-zoe', names)).toBe('uid-zoe');
  });
});

describe('presentedFields', () => {
  it("keeps what the tool presents and leaves out the card's own words", () => {
    expect(
      presentedFields({ title: 'Refund?', summary: 's', approveLabel: 'Yes', orderId: 'A-1002', item: 'Milk jug' }),
    ).toEqual({ orderId: 'A-1002', item: 'Milk jug' });
  });

  it("leaves out the kit's record of an MCP server's call, which is not the approver's to read", () => {
    expect(
      presentedFields({ title: 'Refund?', orderId: 'A-1002', mcp: { server: 'refunds', tool: 'refundOrder' } }),
    ).toEqual({ orderId: 'A-1002' });
  });
});
