import { WireChunkSchema } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { inputDigest } from '../call-state/index.js';
import { sessionEventChunk } from '../model/index.js';
import { frameChunk } from './frame-chunk.js';

describe('frameChunk', () => {
  it('frames text and reasoning when a model chunk streams them', () => {
    const wire = frameChunk({ role: 'model', content: [{ reasoning: 'hmm' }, { text: 'Hello' }] });
    expect(wire).toEqual([
      { type: 'reasoning', text: 'hmm' },
      { type: 'text', text: 'Hello' },
    ]);
  });

  it('frames a tool request when the model asks for a tool', () => {
    const wire = frameChunk({
      role: 'model',
      content: [{ toolRequest: { name: 'queryOrder', ref: 'c1', input: { orderId: 'A-1' } } }],
    });
    expect(wire).toEqual([{ type: 'toolRequest', ref: 'c1', name: 'queryOrder', input: { orderId: 'A-1' } }]);
  });

  it('frames an interrupt when the tool request carries metadata.interrupt', () => {
    const wire = frameChunk({
      index: 2,
      role: 'model',
      content: [
        {
          toolRequest: { name: 'cancelOrder', ref: 'c2', input: { orderId: 'A-1' } },
          metadata: { interrupt: { question: 'Cancel A-1?' } },
        },
      ],
    });
    expect(wire).toEqual([
      {
        type: 'interrupt',
        ref: 'c2',
        name: 'cancelOrder',
        input: { orderId: 'A-1' },
        metadata: { question: 'Cancel A-1?' },
        inputDigest: inputDigest({ orderId: 'A-1' }),
      },
    ]);
  });

  it('frames what runs as the tool presents it when the waiting call carries a presentation', () => {
    const presented = {
      fields: [{ label: 'The customer wrote', value: 'it arrived broken', source: 'owner' as const }],
    };
    const [chunk] = frameChunk({
      role: 'model',
      content: [
        {
          toolRequest: { name: 'refund', ref: 'r1', input: { orderId: 'F-1' } },
          metadata: { interrupt: { title: 'Refund F-1?' }, presented },
        },
      ],
    });
    expect(chunk).toMatchObject({ type: 'interrupt', ref: 'r1', presented });
    expect(WireChunkSchema.safeParse(chunk).success).toBe(true);
  });

  it('frames metadata true when the interrupt carried no metadata', () => {
    const [chunk] = frameChunk({
      role: 'model',
      content: [{ toolRequest: { name: 'confirm', ref: 'c3' }, metadata: { interrupt: true } }],
    });
    expect(chunk).toEqual({
      type: 'interrupt',
      ref: 'c3',
      name: 'confirm',
      input: null,
      metadata: true,
      inputDigest: inputDigest(null),
    });
  });

  it('frames a tool response when the chunk has role tool', () => {
    const wire = frameChunk({
      role: 'tool',
      content: [{ toolResponse: { name: 'queryOrder', ref: 'c1', output: { status: 'shipped' } } }],
    });
    expect(wire).toEqual([{ type: 'toolResponse', ref: 'c1', name: 'queryOrder', output: { status: 'shipped' } }]);
  });

  it('frames nothing when the request is partial, the chunk aggregated, or the part is media', () => {
    expect(frameChunk({ role: 'model', content: [{ toolRequest: { name: 't', partial: true } }] })).toEqual([]);
    expect(frameChunk({ role: 'model', aggregated: true, content: [{ text: 'all so far' }] })).toEqual([]);
    expect(frameChunk({ role: 'model', content: [{ media: { url: 'https://x.test/a.png' } }] })).toEqual([]);
    expect(frameChunk({ role: 'user', content: [{ text: 'echo' }] })).toEqual([]);
  });

  it('produces chunks the wire schema accepts when every kind is framed', () => {
    const wire = [
      ...frameChunk({ role: 'model', content: [{ text: 'a' }, { reasoning: 'b' }, { toolRequest: { name: 't' } }] }),
      ...frameChunk({ role: 'tool', content: [{ toolResponse: { name: 't', ref: 'r', output: 1 } }] }),
    ];
    expect(wire).toHaveLength(4);
    for (const chunk of wire) expect(WireChunkSchema.safeParse(chunk).success).toBe(true);
  });

  it("names the sub-agent on each wire chunk when a sub-agent's chunk streams through its parent", () => {
    const wire = frameChunk({
      role: 'tool',
      agent: 'refunds',
      content: [{ toolResponse: { name: 'charge', ref: 't1/t2', output: 1 } }],
    });
    expect(wire).toEqual([{ type: 'toolResponse', ref: 't1/t2', name: 'charge', output: 1, agent: 'refunds' }]);
    expect(WireChunkSchema.parse(wire[0])).toMatchObject({ agent: 'refunds' });
  });
});

describe('frameChunk (session events)', () => {
  it('frames an artifact version and a state patch as their own chunks, a sub-agent’s with its name', () => {
    const artifact = { name: 'r', version: 2, parts: [{ text: 'x' }], ref: 't1' };
    const patch = [{ op: 'replace' as const, path: '', value: { n: 1 } }];
    const wire = [
      ...frameChunk(sessionEventChunk({ kind: 'artifact', artifact })),
      ...frameChunk({ ...sessionEventChunk({ kind: 'state', patch }), agent: 'refunds' }),
    ];
    expect(wire).toEqual([
      { type: 'artifact', ...artifact },
      { type: 'state', patch, agent: 'refunds' },
    ]);
    for (const chunk of wire) expect(WireChunkSchema.parse(chunk)).toEqual(chunk);
  });
});
