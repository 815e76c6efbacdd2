import { describe, expect, it } from 'vitest';
import { unsentStore } from './unsent-message.js';

/** A Storage in memory, as a tab's sessionStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('unsentStore', () => {
  it('gives back the unsent message of the conversation it was for', () => {
    const store = unsentStore(memoryStorage());
    store.save({ sessionId: 's1', text: 'hello', requestId: 'web-1' });
    expect(store.of('s1')).toEqual({ sessionId: 's1', text: 'hello', requestId: 'web-1' });
    expect(store.of('s2')).toBeUndefined();
    expect(store.of(undefined)).toBeUndefined();
  });

  it('keeps the first message of a new conversation under no session', () => {
    const store = unsentStore(memoryStorage());
    store.save({ sessionId: null, text: 'hello', requestId: 'web-1' });
    expect(store.of(undefined)?.text).toBe('hello');
    store.clear();
    expect(store.of(undefined)).toBeUndefined();
  });

  it('ignores a record it cannot read when the storage holds something else', () => {
    const storage = memoryStorage();
    storage.setItem('orderAssistant.unsentMessage', '{not json');
    expect(unsentStore(storage).of(undefined)).toBeUndefined();
  });
});
