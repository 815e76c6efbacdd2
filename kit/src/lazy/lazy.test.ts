import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.js';

describe('lazy', () => {
  it('makes the value once and shares it when called many times', async () => {
    let made = 0;
    const get = lazy(async () => ({ n: ++made }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(made).toBe(1);
  });

  it('tries again on the next call when the first attempt rejected', async () => {
    let calls = 0;
    const get = lazy(async () => {
      calls++;
      if (calls === 1) throw new Error('Firestore unreachable');
      return 'ready';
    });
    await expect(get()).rejects.toThrow('Firestore unreachable');
    expect(await get()).toBe('ready');
    expect(await get()).toBe('ready');
    expect(calls).toBe(2);
  });

  it('turns a synchronous throw of make into a rejection that is not remembered', async () => {
    let calls = 0;
    const get = lazy((): Promise<string> => {
      calls++;
      if (calls === 1) throw new Error('no config yet');
      return Promise.resolve('ok');
    });
    await expect(get()).rejects.toThrow('no config yet');
    expect(await get()).toBe('ok');
  });
});
