import { describe, expect, it } from 'vitest';
import { forEachLimited } from './for-each-limited.js';

describe('forEachLimited', () => {
  it('runs every item with at most limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      done.push(n);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure only after every item has run', async () => {
    const seen: number[] = [];
    const run = forEachLimited([1, 2, 3], 1, async (n) => {
      seen.push(n);
      if (n >= 2) throw new Error(`item ${n}`);
    });
    await expect(run).rejects.toThrow('item 2');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('does nothing when there are no items', async () => {
    await expect(forEachLimited([], 4, async () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
  });
});
