import { describe, expect, it } from 'vitest';
import type { SessionSummary } from './session-list.js';
import { CLOCK_SKEW_MS, sessionStartedBy, unansweredStart } from './unanswered-start.js';

const session = (id: string, createdAt: number, firstMessage: string | undefined): SessionSummary => ({
  id,
  status: 'idle',
  firstMessage,
  createdAt,
  updatedAt: createdAt,
});

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

describe('sessionStartedBy', () => {
  const mark = { at: 1_000_000, text: 'Please cancel my order D-000001' };

  it('finds the conversation the message started when it was created since the mark with its words', () => {
    const sessions = [session('new', mark.at + 500, mark.text), session('old', mark.at - 86_400_000, mark.text)];
    expect(sessionStartedBy(sessions, mark)?.id).toBe('new');
  });

  it('finds none when the only conversations are older, whatever they say', () => {
    const sessions = [
      session('older', mark.at - CLOCK_SKEW_MS - 1, mark.text),
      session('other', mark.at - 5_000, 'Hi'),
    ];
    expect(sessionStartedBy(sessions, mark)).toBeUndefined();
  });

  it('finds none when a newer conversation began with other words (another tab)', () => {
    expect(sessionStartedBy([session('tab2', mark.at + 100, 'Where is my order?')], mark)).toBeUndefined();
  });

  it("allows for a device clock ahead of the server's", () => {
    expect(sessionStartedBy([session('s', mark.at - 2_000, mark.text)], mark)?.id).toBe('s');
  });
});

describe('unansweredStart', () => {
  it('keeps the time and the words of the first message when it is set', () => {
    const mark = unansweredStart(memoryStorage(), () => 42);
    expect(mark.get()).toBeUndefined();
    mark.set('hello');
    expect(mark.get()).toEqual({ at: 42, text: 'hello' });
    mark.clear();
    expect(mark.get()).toBeUndefined();
  });

  it('reads no mark when the storage holds an older or broken one', () => {
    const storage = memoryStorage();
    storage.setItem('orderAssistant.unansweredStart', '1733040000000');
    expect(unansweredStart(storage).get()).toBeUndefined();
    storage.setItem('orderAssistant.unansweredStart', '{broken');
    expect(unansweredStart(storage).get()).toBeUndefined();
  });
});
