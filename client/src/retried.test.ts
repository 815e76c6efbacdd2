import { describe, expect, it } from 'vitest';
import { FlowError } from './flow-error.js';
import { abortableSleep, retried } from './retried.js';

const busy = () => new FlowError('failed-precondition', 'busy', { reason: 'SESSION_BUSY' });

describe('retried', () => {
  it('tries again after a retryable failure and gives the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retried(
      async () => {
        calls++;
        if (calls < 3) throw new FlowError('unavailable', 'down');
        return 'ok';
      },
      { policy: { initialDelayMs: 10, maxDelayMs: 10 }, sleep: async (ms) => void waits.push(ms) },
    );
    expect([result, calls, waits.length]).toEqual(['ok', 3, 2]);
  });

  it('gives up after the policy’s attempts, on an error not worth another try, or when final', async () => {
    const sleep = async () => undefined;
    let calls = 0;
    const down = () => {
      calls++;
      return Promise.reject(new FlowError('unavailable', 'down'));
    };
    await expect(retried(down, { policy: { maxAttempts: 2 }, sleep })).rejects.toMatchObject({ code: 'unavailable' });
    expect(calls).toBe(2);
    const refused = () => Promise.reject(new FlowError('permission-denied', 'no'));
    await expect(retried(refused, { policy: {}, sleep })).rejects.toMatchObject({ code: 'permission-denied' });
    calls = 0;
    await expect(retried(down, { policy: {}, sleep }, () => true)).rejects.toBeInstanceOf(FlowError);
    expect(calls).toBe(1);
  });

  it('retries a busy session, and turns any failure into a FlowError', async () => {
    let calls = 0;
    const once = async () => {
      calls++;
      if (calls === 1) throw busy();
      throw new Error('plain');
    };
    await expect(retried(once, { policy: {}, sleep: async () => undefined })).rejects.toBeInstanceOf(FlowError);
    expect(calls).toBe(2);
  });
});

describe('abortableSleep', () => {
  it('rejects with the reason when its signal aborts', async () => {
    const controller = new AbortController();
    const waiting = abortableSleep(10_000, controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    await expect(abortableSleep(1)).resolves.toBeUndefined();
  });
});
