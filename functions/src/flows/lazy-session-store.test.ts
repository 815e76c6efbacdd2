import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../kit/session/index.js';
import { LazySessionStore } from './lazy-session-store.js';

describe('LazySessionStore', () => {
  it('makes the store on first use and only once when calls overlap', async () => {
    let made = 0;
    const store = new LazySessionStore(async () => {
      made++;
      return new InMemorySessionStore();
    });
    expect(made).toBe(0);
    await Promise.all([store.load('a'), store.load('b'), store.load('c')]);
    expect(made).toBe(1);
  });

  it('tries to make the store again when the first attempt failed', async () => {
    let attempts = 0;
    const store = new LazySessionStore(async () => {
      attempts++;
      if (attempts === 1) throw new Error('Firestore unreachable');
      return new InMemorySessionStore();
    });
    await expect(store.load('a')).rejects.toThrow('Firestore unreachable');
    await expect(store.load('a')).resolves.toBeUndefined();
    expect(attempts).toBe(2);
  });
});
