import { describe, expect, it } from 'vitest';
import type { Message } from '../model/index.js';
import { sharedPrefix } from './shared-prefix.js';

const message = (text: string): Message => ({ role: 'user', content: [{ text }] });

describe('sharedPrefix', () => {
  it('counts the leading messages both histories hold as the same objects', () => {
    const [a, b, c] = [message('a'), message('b'), message('c')];
    expect(sharedPrefix([a, b, c], [a, b])).toBe(2);
    expect(sharedPrefix([a, b], [a, b, c])).toBe(2);
    expect(sharedPrefix([], [a])).toBe(0);
  });

  it('stops at an equal message that is another object: stored messages are never edited in place', () => {
    const a = message('a');
    expect(sharedPrefix([a, message('b')], [a, message('b')])).toBe(1);
  });
});
