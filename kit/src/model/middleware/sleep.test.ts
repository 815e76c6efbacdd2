import { describe, expect, it } from 'vitest';
import { sleep } from './sleep.js';

describe('sleep', () => {
  it('resolves when the time has passed and no signal fired', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
  });

  it('rejects at once with the kit’s abort error when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sleep(60_000, controller.signal)).rejects.toMatchObject({ code: 'aborted' });
  });

  it('rejects when the signal fires during the wait', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'aborted', details: { reason: 'CANCELLED' } });
  });
});
