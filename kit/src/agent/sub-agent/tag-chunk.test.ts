import { describe, expect, it } from 'vitest';
import { tagChunk } from './tag-chunk.js';

describe('tagChunk', () => {
  it("makes a sub-agent's refs paths under the parent's call and names the agent", () => {
    const chunk = tagChunk(
      { role: 'model', content: [{ text: 'a' }, { toolRequest: { name: 'charge', ref: 't2', input: {} } }] },
      'refunds',
      't1',
    );
    expect(chunk).toEqual({
      role: 'model',
      agent: 'refunds',
      content: [{ text: 'a' }, { toolRequest: { name: 'charge', ref: 't1/t2', input: {} } }],
    });
  });

  it('keeps the innermost agent and adds each level to the path when sub-agents nest', () => {
    const inner = tagChunk(
      { role: 'tool', content: [{ toolResponse: { name: 'x', ref: 'c', output: 1 } }] },
      'deep',
      'b',
    );
    expect(tagChunk(inner, 'middle', 'a')).toEqual({
      role: 'tool',
      agent: 'deep',
      content: [{ toolResponse: { name: 'x', ref: 'a/b/c', output: 1 } }],
    });
  });
});
