import { describe, expect, it } from 'vitest';
import { type GenerateRequest, type Message, withMessageTime } from '../model/index.js';
import { UntimedMessages } from './untimed-messages.js';

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
const model = (text: string): Message => ({ role: 'model', content: [{ text }] });

describe('UntimedMessages', () => {
  it('gives the model the messages without the times the session stored them at', () => {
    const messages = [withMessageTime(user('hi'), 1_000), withMessageTime(model('hello'), 2_000), user('and?')];
    const sent = new UntimedMessages().request({ messages, config: { temperature: 0 } });
    expect(sent.messages).toEqual([user('hi'), model('hello'), user('and?')]);
    expect(sent.config).toEqual({ temperature: 0 });
    // The loop's own list (and what the session stores) keeps them.
    expect(messages[0]?.metadata).toEqual({ at: 1_000 });
  });

  it('gives a request whose messages have no times as it is', () => {
    const request: GenerateRequest = { messages: [user('hi'), model('hello')] };
    expect(new UntimedMessages().request(request)).toBe(request);
  });

  it('follows the loop’s list as it grows and has its last message replaced, copying each timed message once', () => {
    const untimed = new UntimedMessages();
    const messages = [withMessageTime(user('hi'), 1_000)];
    const first = untimed.request({ messages }).messages[0];
    messages.push(model('let me check'));
    const second = untimed.request({ messages });
    expect(second.messages[0]).toBe(first);
    messages[1] = withMessageTime(model('let me check, done'), 3_000);
    expect(untimed.request({ messages }).messages).toEqual([user('hi'), model('let me check, done')]);
  });
});
