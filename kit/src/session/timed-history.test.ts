import { describe, expect, it } from 'vitest';
import { type Message, messageTime, withMessageTime } from '../model/index.js';
import { sharedPrefix } from './shared-prefix.js';
import { type TimedCopies, timedHistory } from './timed-history.js';

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
const model = (text: string): Message => ({ role: 'model', content: [{ text }] });

describe('timedHistory', () => {
  it('stamps each message a write adds with the time of that write, and leaves the stored ones as they are', () => {
    const stored = [withMessageTime(user('hi'), 1_000), withMessageTime(model('hello'), 1_500)];
    const next = timedHistory(stored, [...stored, user('where is A-1?')], 9_000);
    expect(next.map(messageTime)).toEqual([1_000, 1_500, 9_000]);
    expect(next[0]).toBe(stored[0]);
    expect(next[1]).toBe(stored[1]);
  });

  it('keeps the time of a message a later write revises in place (an answer stamped on its call)', () => {
    const asked = withMessageTime(model('let me check'), 2_000);
    const revised: Message = { role: 'model', content: [{ text: 'let me check, done' }] };
    const next = timedHistory([user('hi'), asked], [user('hi'), revised], 7_000);
    expect(messageTime(next[1] as Message)).toBe(2_000);
  });

  it('gives a message of a session stored before messages had times none when it is revised', () => {
    const old = [user('hi'), model('let me check')];
    const next = timedHistory(old, [old[0] as Message, model('let me check, done'), user('thanks')], 7_000);
    expect(next.map(messageTime)).toEqual([undefined, undefined, 7_000]);
  });

  it('gives the same timed copy to every write of one turn, so the store writes a message once', () => {
    const copies: TimedCopies = new Map();
    const answer = model('shipped');
    const first = timedHistory([], [user('hi'), answer], 3_000, copies);
    const second = timedHistory(first, [first[0] as Message, answer, user('thanks')], 4_000, copies);
    expect(second[1]).toBe(first[1]);
    expect(sharedPrefix(first, second)).toBe(2);
    expect(second.map(messageTime)).toEqual([3_000, 3_000, 4_000]);
  });

  it('gives `next` itself when every message it holds has its time', () => {
    const stored = [withMessageTime(user('hi'), 1_000)];
    const next = [...stored];
    expect(timedHistory(stored, next, 2_000)).toBe(next);
  });
});
