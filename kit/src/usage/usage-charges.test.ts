import { describe, expect, it } from 'vitest';
import type { UsageCharge } from './usage-charge.js';
import { listenToUsageCharges, tellUsageCharged } from './usage-charges.js';

const charge = (tokens: number): UsageCharge => ({ uid: 'u-charges', day: '2026-12-01', sessionId: 's', tokens });

describe('tellUsageCharged', () => {
  it('tells every listener over the charged ledger of every charge, in order, and no other listener', () => {
    const a: number[] = [];
    const b: number[] = [];
    const other: number[] = [];
    const none: number[] = [];
    const listenerA = { ledger: 'memory:l1', heard: (c: UsageCharge) => a.push(c.tokens) };
    const listenerB = { ledger: 'memory:l1', heard: (c: UsageCharge) => b.push(c.tokens) };
    const listenerOther = { ledger: 'firestore:usageCounters', heard: (c: UsageCharge) => other.push(c.tokens) };
    const listenerNone = { ledger: undefined, heard: (c: UsageCharge) => none.push(c.tokens) };
    for (const listener of [listenerA, listenerB, listenerOther, listenerNone]) listenToUsageCharges(listener);
    tellUsageCharged(charge(1), 'memory:l1');
    tellUsageCharged(charge(2), 'memory:l1');
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1, 2]);
    // Another instance's counters, or counters with no ledger, are not told of tokens they never pay.
    expect(other).toEqual([]);
    expect(none).toEqual([]);
  });
});
