import { describe, expect, it } from 'vitest';
import { parseMessages } from './watched-message.js';

describe('parseMessages', () => {
  it('reads one message a line when every line is a message', () => {
    const line = (text: string) => JSON.stringify({ role: 'user', content: [{ text }] });
    const messages = parseMessages([line('one'), line('two'), line('three')]);
    expect(messages?.map((m) => m.content[0]?.text)).toEqual(['one', 'two', 'three']);
  });

  it('is undefined when a line is not a message', () => {
    expect(parseMessages(['{"role":"user","content":[]}', '{"nope":1}'])).toBeUndefined();
    expect(parseMessages(['not json'])).toBeUndefined();
  });
});
