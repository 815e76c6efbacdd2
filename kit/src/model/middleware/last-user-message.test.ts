import { describe, expect, it } from 'vitest';
import type { Message } from '../message.js';
import { appendToLastUserMessage, lastUserMessageHasPurpose } from './last-user-message.js';

const messages: Message[] = [
  { role: 'user', content: [{ text: 'first' }] },
  { role: 'model', content: [{ text: 'answer' }] },
  { role: 'user', content: [{ text: 'second' }] },
  { role: 'model', content: [{ text: 'again' }] },
];

describe('appendToLastUserMessage', () => {
  it('adds the part to the last user message of a copy when there is one', () => {
    const part = { text: 'context', metadata: { purpose: 'context' } };
    const copy = appendToLastUserMessage(messages, part);
    expect(copy[2]?.content).toEqual([{ text: 'second' }, part]);
    expect(messages[2]?.content).toEqual([{ text: 'second' }]);
    expect(lastUserMessageHasPurpose(copy, 'context')).toBe(true);
    expect(lastUserMessageHasPurpose(messages, 'context')).toBe(false);
  });

  it('changes nothing when no message is the user’s', () => {
    const models = messages.filter((m) => m.role === 'model');
    expect(appendToLastUserMessage(models, { text: 'x' })).toEqual(models);
    expect(lastUserMessageHasPurpose(models, 'x')).toBe(false);
  });
});
