import { describe, expect, it } from 'vitest';
import { parseHistory } from './history.js';

const line = (text: string) => `${JSON.stringify({ role: 'user', content: [{ text }] })}\n`;

describe('parseHistory', () => {
  it('reads messages split over chunk texts and the tail when a line spans two chunks', () => {
    const all = line('one') + line('two') + line('three');
    const messages = parseHistory([all.slice(0, 10), all.slice(10, 40)], all.slice(40), 3);
    expect(messages?.map((m) => m.content[0]?.text)).toEqual(['one', 'two', 'three']);
  });

  it('gives undefined when the lines do not add up to the layout length', () => {
    expect(parseHistory([], line('one'), 2)).toBeUndefined();
  });

  it('gives undefined when a line is not a message', () => {
    expect(parseHistory([], '{"role":"user"}\n', 1)).toBeUndefined();
  });
});
