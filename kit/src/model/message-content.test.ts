import { describe, expect, it } from 'vitest';
import type { Message } from './message.js';
import { textOf, toolRequestsOf, toolResponsesOf } from './message-content.js';

const message: Message = {
  role: 'model',
  content: [
    { text: 'a' },
    { reasoning: 'thinking' },
    { toolRequest: { name: 't', ref: '1', input: {} } },
    { text: 'b' },
    { toolResponse: { name: 't', ref: '1', output: 2 } },
  ],
};

describe('textOf', () => {
  it('joins the text parts and nothing else', () => {
    expect(textOf(message.content)).toBe('ab');
  });
});

describe('toolRequestsOf', () => {
  it('gives the tool request parts, and none for no message', () => {
    expect(toolRequestsOf(message).map((p) => p.toolRequest.ref)).toEqual(['1']);
    expect(toolRequestsOf(undefined)).toEqual([]);
  });
});

describe('toolResponsesOf', () => {
  it('gives the tool response parts', () => {
    expect(toolResponsesOf(message).map((p) => p.toolResponse.output)).toEqual([2]);
  });
});
