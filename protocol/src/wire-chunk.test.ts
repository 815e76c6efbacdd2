import { describe, expect, it } from 'vitest';
import { WireChunkSchema } from './wire-chunk.js';

describe('WireChunkSchema', () => {
  it('reads an interrupt chunk with the interrupt fields when metadata is true', () => {
    const chunk = { type: 'interrupt', ref: 't1', name: 'confirm', input: { id: 1 }, metadata: true };
    expect(WireChunkSchema.parse(chunk)).toEqual(chunk);
  });

  it('refuses an interrupt chunk when its metadata is neither an object nor true', () => {
    const chunk = { type: 'interrupt', ref: 't1', name: 'confirm', input: null, metadata: 'ask' };
    expect(WireChunkSchema.safeParse(chunk).success).toBe(false);
  });

  it('reads a tool request without a ref when the model has not named the call yet', () => {
    expect(WireChunkSchema.parse({ type: 'toolRequest', name: 'lookup', input: {} })).toMatchObject({ name: 'lookup' });
  });

  it("reads a sub-agent's chunk with its agent, and a chunk without one as before", () => {
    expect(WireChunkSchema.parse({ type: 'text', text: 'hi', agent: 'refunds' })).toEqual({
      type: 'text',
      text: 'hi',
      agent: 'refunds',
    });
    expect(WireChunkSchema.parse({ type: 'text', text: 'hi' })).toEqual({ type: 'text', text: 'hi' });
  });
});

describe('WireChunkSchema: artifacts and state', () => {
  it('reads an artifact chunk with its name, version and text, media and data parts', () => {
    const chunk = {
      type: 'artifact',
      name: 'report.md',
      version: 2,
      parts: [{ text: '# Q3' }, { media: { url: 'https://x/y.png', contentType: 'image/png' } }, { data: { n: 1 } }],
      ref: 'c1',
    };
    expect(WireChunkSchema.parse(chunk)).toEqual(chunk);
  });

  it('refuses an artifact chunk whose version is not a positive integer', () => {
    expect(WireChunkSchema.safeParse({ type: 'artifact', name: 'a', version: 0, parts: [] }).success).toBe(false);
  });

  it('reads a state chunk of add, replace and remove operations, and refuses another operation', () => {
    const patch = [
      { op: 'replace', path: '', value: { n: 1 } },
      { op: 'add', path: '/m', value: 2 },
      { op: 'remove', path: '/n' },
    ];
    expect(WireChunkSchema.parse({ type: 'state', patch })).toEqual({ type: 'state', patch });
    const move = [{ op: 'move', from: '/a', path: '/b' }];
    expect(WireChunkSchema.safeParse({ type: 'state', patch: move }).success).toBe(false);
  });
});
