import { describe, expect, it } from 'vitest';
import { parseHistory } from './history.js';

const line = (text: string) => JSON.stringify({ role: 'user', content: [{ text }] });

describe('parseHistory', () => {
  it('reads one message a line when every line is a message', () => {
    const messages = parseHistory([line('one'), line('two'), line('three')]);
    expect(messages?.map((m) => m.content[0]?.text)).toEqual(['one', 'two', 'three']);
  });

  it('gives undefined when a line is not JSON', () => {
    expect(parseHistory([line('one'), '{"role":'])).toBeUndefined();
  });

  it('gives undefined when a line is not a message', () => {
    expect(parseHistory(['{"role":"user"}'])).toBeUndefined();
  });
});
