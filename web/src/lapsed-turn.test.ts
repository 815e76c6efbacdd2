import { describe, expect, it } from 'vitest';
import { LAPSE_MARGIN_MS, turnLapsed, untilLapsed } from './lapsed-turn.js';

const lease = 10_000;

describe('turnLapsed', () => {
  it('reads a running turn as lapsed once its lease expired more than the margin ago', () => {
    const turn = { running: 'model', leaseExpiresAt: lease };
    expect(turnLapsed(turn, lease + LAPSE_MARGIN_MS + 1)).toBe(true);
  });

  it('reads a running turn as live while its lease holds, or has only just expired', () => {
    const turn = { running: 'tools', leaseExpiresAt: lease };
    expect(turnLapsed(turn, lease - 1)).toBe(false);
    expect(turnLapsed(turn, lease + LAPSE_MARGIN_MS)).toBe(false);
  });

  it('reads no lapse when no turn runs or the session names no lease', () => {
    expect(turnLapsed({ running: undefined, leaseExpiresAt: lease }, lease * 10)).toBe(false);
    expect(turnLapsed({ running: 'model', leaseExpiresAt: undefined }, lease * 10)).toBe(false);
  });
});

describe('untilLapsed', () => {
  it('gives the time until a live turn would read as lapsed when nothing renews its lease', () => {
    const turn = { running: 'model', leaseExpiresAt: lease };
    const wait = untilLapsed(turn, lease - 1_000) as number;
    expect(turnLapsed(turn, lease - 1_000 + wait)).toBe(true);
    expect(turnLapsed(turn, lease - 1_000 + wait - 2)).toBe(false);
  });

  it('gives nothing once the turn has lapsed, or when none runs', () => {
    expect(untilLapsed({ running: 'model', leaseExpiresAt: lease }, lease + LAPSE_MARGIN_MS + 1)).toBeUndefined();
    expect(untilLapsed({ running: undefined, leaseExpiresAt: lease }, 0)).toBeUndefined();
  });
});
