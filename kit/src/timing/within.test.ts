import { describe, expect, it } from 'vitest';
import { within } from './within.js';

const never = new Promise<string>(() => {});

describe('within', () => {
  it('gives the work’s answer when it settles in time', async () => {
    await expect(within(Promise.resolve('done'), 1_000, () => 'late')).resolves.toBe('done');
  });

  it('gives late()’s answer when the work does not settle in time', async () => {
    await expect(within(never, 5, () => 'late')).resolves.toBe('late');
  });

  it('rejects with what late() throws when the work does not settle in time', async () => {
    await expect(
      within(never, 5, () => {
        throw new Error('too slow');
      }),
    ).rejects.toThrow('too slow');
  });

  it('rejects with the work’s error when it fails in time', async () => {
    await expect(within(Promise.reject(new Error('broken')), 1_000, () => 'late')).rejects.toThrow('broken');
  });
});
