import { describe, expect, it } from 'vitest';
import { KitError } from '../errors/index.js';
import { emptySession } from './empty-session.js';
import { assertFence, isWriteConflict, writeConflict } from './session-store.js';

const record = (leaseId?: string) => ({
  etag: '1',
  session: {
    ...emptySession({ id: 's1', ownerUid: 'u', agent: 'a', now: 0 }),
    ...(leaseId ? { lease: { id: leaseId, expiresAt: 1 } } : {}),
  },
});

describe('writeConflict', () => {
  it('is an aborted error a store’s caller can tell from any other abort', () => {
    const conflict = writeConflict('s1');
    expect(conflict).toMatchObject({ code: 'aborted', details: { conflict: true } });
    expect(isWriteConflict(conflict)).toBe(true);
    expect(isWriteConflict(new KitError('aborted', 'cancelled'))).toBe(false);
    expect(isWriteConflict(new Error('aborted'))).toBe(false);
  });
});

describe('assertFence', () => {
  it('lets a write through when the stored session holds the fencing lease, or no fence is asked', () => {
    expect(() => assertFence(record('L1'), { fence: 'L1' })).not.toThrow();
    expect(() => assertFence(record(), undefined)).not.toThrow();
  });

  it('refuses with a write conflict when another lease, or none, is stored', () => {
    for (const stored of [record('L2'), record()]) {
      let thrown: unknown;
      try {
        assertFence(stored, { fence: 'L1' });
      } catch (error) {
        thrown = error;
      }
      expect(isWriteConflict(thrown)).toBe(true);
    }
  });
});
