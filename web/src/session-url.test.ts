import { describe, expect, it } from 'vitest';
import { historyMove } from './session-url.js';

describe('historyMove', () => {
  it('adds a history entry when the page leaves a conversation for another or a new one', () => {
    expect(historyMove('s-1', 's-2')).toBe('push');
    expect(historyMove('s-1', undefined)).toBe('push');
  });

  it('replaces the empty page with the conversation its first message opens', () => {
    expect(historyMove(undefined, 's-1')).toBe('replace');
  });

  it('leaves the history alone when the URL already shows the session', () => {
    expect(historyMove('s-1', 's-1')).toBe('none');
    expect(historyMove(undefined, undefined)).toBe('none');
  });
});
