import { describe, expect, it } from 'vitest';
import type { Message, ToolRequestPart } from '../model/index.js';
import { CALL_ID_PREFIX_KEY, callIdOf } from './assign-call-ids.js';
import { assignRefs } from './assign-refs.js';

describe('assignRefs', () => {
  it('gives each tool request without a ref a unique one and keeps the refs the model named', () => {
    const message: Message = {
      role: 'model',
      content: [
        { text: 'calling' },
        { toolRequest: { name: 'a', input: {} } },
        { toolRequest: { name: 'b', ref: 'named', input: {} } },
        { toolRequest: { name: 'c', input: {} } },
      ],
    };
    const assigned = assignRefs(message);
    const refs = assigned.content.flatMap((p) => ('toolRequest' in p ? [(p as ToolRequestPart).toolRequest.ref] : []));
    expect(refs[1]).toBe('named');
    expect(new Set(refs).size).toBe(3);
    expect(refs.every((ref) => typeof ref === 'string' && ref.length > 0)).toBe(true);
    expect((message.content[1] as ToolRequestPart).toolRequest.ref).toBeUndefined();
  });

  it('never takes a model id that reads as a path as a ref: the call gets a ref of its own, the model’s id kept for the model', () => {
    const message: Message = {
      role: 'model',
      content: [
        { toolRequest: { name: 'refund', ref: 'sub/1', input: {} }, metadata: { thoughtSignature: 's' } },
        { toolRequest: { name: 'note', ref: '', input: {} } },
      ],
    };
    const [refund, note] = assignRefs(message).content as ToolRequestPart[];
    expect(refund?.toolRequest.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(refund?.metadata).toEqual({ thoughtSignature: 's', modelRef: 'sub/1' });
    expect(note?.toolRequest.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(note?.metadata).toBeUndefined();
  });

  it('gives back the same message when every request has a ref and the message the id of its calls', () => {
    const message: Message = {
      role: 'model',
      content: [{ toolRequest: { name: 'a', ref: 'x', input: {} } }],
      metadata: { [CALL_ID_PREFIX_KEY]: 'id-1' },
    };
    expect(assignRefs(message)).toBe(message);
  });
});

const asked: Message = {
  role: 'model',
  content: [{ text: 'Booking.' }, { toolRequest: { name: 'book', ref: 'b1', input: {} } }],
  metadata: { groundingMetadata: { chunks: [] } },
};

describe('assignRefs: the call id', () => {
  it('gives the message one random id of its own for its calls, leaving its parts and other metadata alone', () => {
    const first = assignRefs(asked);
    const second = assignRefs(asked);
    expect(first.content).toBe(asked.content);
    expect(first.metadata).toEqual({
      groundingMetadata: { chunks: [] },
      [CALL_ID_PREFIX_KEY]: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    expect(second.metadata?.[CALL_ID_PREFIX_KEY]).not.toBe(first.metadata?.[CALL_ID_PREFIX_KEY]);
    expect(asked.metadata).toEqual({ groundingMetadata: { chunks: [] } });
  });

  it('gives each call of one message an id made of the message’s id and the part index', () => {
    const message = assignRefs({
      role: 'model',
      content: [
        { text: 'two' },
        { toolRequest: { name: 'a', ref: 'x', input: {} } },
        { toolRequest: { name: 'b', ref: 'y', input: {} } },
      ],
    });
    const ids = message.content.flatMap((p, i) =>
      'toolRequest' in p ? [callIdOf(p as ToolRequestPart, message, i, 's1')] : [],
    );
    const prefix = message.metadata?.[CALL_ID_PREFIX_KEY] as string;
    expect(ids).toEqual([`${prefix}.1`, `${prefix}.2`]);
  });

  it('keeps an id the message already carries, and gives a message without calls none', () => {
    const once = assignRefs(asked);
    expect(assignRefs(once)).toBe(once);
    const text: Message = { role: 'model', content: [{ text: 'hi' }] };
    expect(assignRefs(text)).toBe(text);
  });
});
