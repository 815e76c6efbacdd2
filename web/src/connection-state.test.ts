import { describe, expect, it } from 'vitest';
import { connectionWords, OFFLINE_WORDS, RECONNECTING_WORDS } from './connection-state.js';

describe('connectionWords', () => {
  it('says the page is offline when the browser is, whatever Firestore last said', () => {
    expect(connectionWords(false, false)).toBe(OFFLINE_WORDS);
    expect(connectionWords(false, true)).toBe(OFFLINE_WORDS);
  });

  it('says it reconnects when the browser is online but the session came from the cache', () => {
    expect(connectionWords(true, true)).toBe(RECONNECTING_WORDS);
  });

  it('says nothing when the browser is online and the session came from the server', () => {
    expect(connectionWords(true, false)).toBeUndefined();
  });
});
