import { describe, expect, it } from 'vitest';
import type { UsageCharge } from './usage-charge.js';
import { listenToUsageCharges, tellUsageCharged } from './usage-charges.js';

const charge = (tokens: number): UsageCharge => ({ uid: 'u-charges', day: '2026-12-01', sessionId: 's', tokens });

describe('tellUsageCharged', () => {
  it('tells every listener of every charge, in order', () => {
    const a: number[] = [];
    const b: number[] = [];
    const listenerA = { heard: (c: UsageCharge) => a.push(c.tokens) };
    const listenerB = { heard: (c: UsageCharge) => b.push(c.tokens) };
    listenToUsageCharges(listenerA);
    listenToUsageCharges(listenerB);
    tellUsageCharged(charge(1));
    tellUsageCharged(charge(2));
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1, 2]);
  });
});
