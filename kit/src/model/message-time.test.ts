import { describe, expect, it } from 'vitest';
import type { Message } from './message.js';
import { messageTime, withMessageTime, withoutMessageTime } from './message-time.js';

const answer: Message = { role: 'model', content: [{ text: 'Shipped.' }], metadata: { stopped: true } };

describe('message times', () => {
  it('stamps a copy with its time, keeping its other metadata, and reads it back', () => {
    const stamped = withMessageTime(answer, 1_700_000_000_000);
    expect(stamped).toEqual({ ...answer, metadata: { stopped: true, at: 1_700_000_000_000 } });
    expect(messageTime(stamped)).toBe(1_700_000_000_000);
    expect(messageTime(answer)).toBeUndefined();
  });

  it('gives a model the message without its time, its other metadata kept', () => {
    expect(withoutMessageTime(withMessageTime(answer, 5))).toEqual(answer);
    const user: Message = { role: 'user', content: [{ text: 'hi' }] };
    expect(withoutMessageTime(withMessageTime(user, 5))).toEqual(user);
    expect('metadata' in withoutMessageTime(withMessageTime(user, 5))).toBe(false);
  });

  it('gives a message with no time as it is', () => {
    expect(withoutMessageTime(answer)).toBe(answer);
  });
});
