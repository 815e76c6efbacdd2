import { describe, expect, it } from 'vitest';
import { sessionEventChunk, sessionEventOf } from '../../model/index.js';
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

  it("makes a sub-agent's artifact name its call by path, and passes its state patch as it is", () => {
    const artifact = { name: 'r', version: 1, parts: [{ text: 'x' }], ref: 'c' };
    const inner = tagChunk(sessionEventChunk({ kind: 'artifact', artifact }), 'deep', 'b');
    const outer = tagChunk(inner, 'middle', 'a');
    expect(outer.agent).toBe('deep');
    expect(sessionEventOf(outer)).toEqual({ kind: 'artifact', artifact: { ...artifact, ref: 'a/b/c' } });
    const patch = [{ op: 'remove' as const, path: '/n' }];
    const state = tagChunk(sessionEventChunk({ kind: 'state', patch }), 'deep', 'b');
    expect(sessionEventOf(state)).toEqual({ kind: 'state', patch });
    expect(state.agent).toBe('deep');
  });
});
