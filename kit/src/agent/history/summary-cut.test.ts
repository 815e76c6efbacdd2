import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import { summaryCut } from './summary-cut.js';

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
const answer = (text: string): Message => ({ role: 'model', content: [{ text }] });
const call = (ref: string): Message => ({
  role: 'model',
  content: [{ toolRequest: { name: 'cancel', ref, input: {} } }],
});
const result = (ref: string): Message => ({
  role: 'tool',
  content: [{ toolResponse: { name: 'cancel', ref, output: 'ok' } }],
});

describe('summaryCut', () => {
  const history = [
    user('1'),
    answer('a'),
    user('2'),
    call('r'),
    result('r'),
    answer('b'),
    user('3'),
    answer('c'),
    user('4'),
  ];

  it('cuts before the last kept turns when more turns than the trigger are unsummarised', () => {
    expect(summaryCut(history, 0, 2, 3)).toBe(6);
    expect(summaryCut(history, 0, 1, 3)).toBe(8);
  });

  it('waits when no more turns than the trigger are unsummarised', () => {
    expect(summaryCut(history, 0, 2, 4)).toBeUndefined();
    expect(summaryCut(history, 6, 1, 1)).toBe(8);
    expect(summaryCut(history, 8, 1, 0)).toBeUndefined();
  });

  it('moves the cut earlier when a tool request before it has its response after it', () => {
    const broken = [user('1'), answer('a'), user('2'), call('r'), user('3'), result('r'), answer('b'), user('4')];
    expect(summaryCut(broken, 0, 2, 1)).toBe(2);
    expect(summaryCut(broken, 0, 1, 1)).toBe(7);
  });
});
