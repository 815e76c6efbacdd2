import { describe, expect, it } from 'vitest';
import { branchPicks } from './branch-pick.js';
import { memoryStorage } from './test-utils/memory-storage.js';

describe('branchPicks', () => {
  it('keeps the branch picked on each session apart, and none on a session never picked', () => {
    const picks = branchPicks(memoryStorage());
    picks.set('s1', 'b0');
    picks.set('s2', 'b2');
    expect(picks.of('s1')).toBe('b0');
    expect(picks.of('s2')).toBe('b2');
    expect(picks.of('s3')).toBeUndefined();
  });

  it('forgets a pick set back to the newest', () => {
    const storage = memoryStorage();
    const picks = branchPicks(storage);
    picks.set('s1', 'b0');
    picks.set('s1', undefined);
    expect(picks.of('s1')).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  it('survives a storage that refuses to keep it: the newest is shown', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const picks = branchPicks(storage);
    picks.set('s1', 'b1');
    expect(picks.of('s1')).toBeUndefined();
  });
});
