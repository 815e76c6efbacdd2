import { describe, expect, it } from 'vitest';
import { sessionEventChunk, sessionEventOf } from './session-event.js';

describe('sessionEventChunk', () => {
  it('carries an event with no content, read back by sessionEventOf', () => {
    const event = { kind: 'state' as const, patch: [{ op: 'remove' as const, path: '/a' }] };
    const chunk = sessionEventChunk(event);
    expect(chunk.content).toEqual([]);
    expect(sessionEventOf(chunk)).toEqual(event);
  });

  it('reads no event from a model’s chunk, its custom fields included', () => {
    expect(sessionEventOf({ content: [{ text: 'hi' }] })).toBeUndefined();
    expect(sessionEventOf({ content: [], custom: { responseId: 'r1' } })).toBeUndefined();
  });
});
