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
