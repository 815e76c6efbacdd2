import { describe, expect, it } from 'vitest';
import { timeWords } from './message-time.js';

describe('timeWords', () => {
  const now = new Date(2026, 11, 3, 15, 0);

  it('gives the hour and minute of a message of today', () => {
    expect(timeWords(new Date(2026, 11, 3, 9, 5).getTime(), now)).toBe('09:05');
  });

  it('gives the day too for a message of another day', () => {
    expect(timeWords(new Date(2026, 11, 1, 18, 30).getTime(), now)).toBe('1 Dec, 18:30');
  });
});
