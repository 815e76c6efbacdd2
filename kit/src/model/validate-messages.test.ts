import { describe, expect, it } from 'vitest';
import type { Message } from './message.js';
import { markCheckedList, validateMessages } from './validate-messages.js';

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
const broken = (): Message => ({ role: 'user', content: [{ nonsense: true }] }) as unknown as Message;

describe('validateMessages', () => {
  it('throws invalid-argument naming the malformed message when a list holds one', () => {
    expect(() => validateMessages([user('a'), broken()])).toThrow(/invalid messages\[1\]/);
  });

  it('checks only what was appended when a list checked before grew', () => {
    const list = [user('a'), user('b')];
    validateMessages(list);
    list.push(broken());
    expect(() => validateMessages(list)).toThrow(/invalid messages\[2\]/);
  });

  it('walks a list again when it was cut and refilled with another message after a check', () => {
    const list = [user('a'), user('b')];
    validateMessages(list);
    list.length = 1;
    list.push(broken());
    expect(() => validateMessages(list)).toThrow(/invalid messages\[1\]/);
  });

  it('walks a list again once four other lists were checked after it (it holds only the last four)', () => {
    const list = [user('a'), user('b')];
    validateMessages(list);
    // Broken in place inside the checked part: unseen while the list is remembered.
    list[0] = broken();
    expect(() => validateMessages(list)).not.toThrow();
    for (let i = 0; i < 4; i++) validateMessages([user(`other ${i}`)]);
    expect(() => validateMessages(list)).toThrow(/invalid messages\[0\]/);
  });

  it('keeps a list it was given again among the remembered ones', () => {
    const list = [user('a'), user('b')];
    validateMessages(list);
    list[0] = broken();
    for (let i = 0; i < 3; i++) validateMessages([user(`other ${i}`)]);
    validateMessages(list);
    for (let i = 0; i < 3; i++) validateMessages([user(`more ${i}`)]);
    expect(() => validateMessages(list)).not.toThrow();
  });

  it('accepts a list the kit marked when it is passed back unchanged', () => {
    const list = [user('a')];
    validateMessages(list);
    markCheckedList(list);
    expect(() => validateMessages(list)).not.toThrow();
  });
});
