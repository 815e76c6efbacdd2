import { describe, expect, it } from 'vitest';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import { GivenUpLeases } from './given-up-leases.js';

describe('GivenUpLeases', () => {
  it('shows a session without the lease this instance gave up', () => {
    const leases = new GivenUpLeases();
    leases.add('s1', 'L1');
    const held = { ...sampleSession('s1'), status: 'running' as const, lease: { id: 'L1', expiresAt: 9e15 } };
    expect(leases.seeThrough(held).lease).toBeUndefined();
  });

  it('leaves alone a lease another turn took since', () => {
    const leases = new GivenUpLeases();
    leases.add('s1', 'L1');
    const taken = { ...sampleSession('s1'), status: 'running' as const, lease: { id: 'L2', expiresAt: 9e15 } };
    expect(leases.seeThrough(taken)).toBe(taken);
    // Forgotten once seen written: the same lease id again is not seen through.
    const again = { ...taken, lease: { id: 'L1', expiresAt: 9e15 } };
    expect(leases.seeThrough(again)).toBe(again);
  });
});
