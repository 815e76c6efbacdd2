import { describe, expect, it } from 'vitest';
import type { Message, ToolRequestPart } from '../model/index.js';
import { CALL_ID_KEY } from './assign-call-ids.js';
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
        { toolRequest: { name: 'refund', ref: 'sub/1', input: {} } },
        { toolRequest: { name: 'note', ref: '', input: {} } },
      ],
    };
    const [refund, note] = assignRefs(message).content as ToolRequestPart[];
    expect(refund?.toolRequest.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(refund?.metadata).toEqual({ modelRef: 'sub/1', [CALL_ID_KEY]: expect.any(String) });
    expect(note?.toolRequest.ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(note?.metadata).toEqual({ [CALL_ID_KEY]: expect.any(String) });
  });

  it('gives back the same message when every request has a ref and a call id', () => {
    const message: Message = {
      role: 'model',
      content: [{ toolRequest: { name: 'a', ref: 'x', input: {} }, metadata: { [CALL_ID_KEY]: 'id-1' } }],
    };
    expect(assignRefs(message)).toBe(message);
  });
});

const asked: Message = {
  role: 'model',
  content: [{ text: 'Booking.' }, { toolRequest: { name: 'book', ref: 'b1', input: {} } }],
};

describe('assignRefs: the call id', () => {
  it('gives each tool request its own id in the part metadata, leaving the model ref and other parts alone', () => {
    const first = assignRefs(asked);
    const second = assignRefs(asked);
    const [text, call] = first.content;
    expect(text).toEqual({ text: 'Booking.' });
    expect(call).toEqual({
      toolRequest: { name: 'book', ref: 'b1', input: {} },
      metadata: { [CALL_ID_KEY]: expect.any(String) },
    });
    expect(second.content[1]?.metadata?.[CALL_ID_KEY]).not.toBe(call?.metadata?.[CALL_ID_KEY]);
  });

  it('gives the calls of one message ids made of one random id and each part index', () => {
    const message: Message = {
      role: 'model',
      content: [
        { text: 'two' },
        { toolRequest: { name: 'a', ref: 'x', input: {} } },
        { toolRequest: { name: 'b', ref: 'y', input: {} } },
      ],
    };
    const ids = assignRefs(message).content.flatMap((p) => (p.metadata ? [p.metadata[CALL_ID_KEY] as string] : []));
    expect(ids).toEqual([
      expect.stringMatching(/^[A-Za-z0-9_-]{22}\.1$/),
      expect.stringMatching(/^[A-Za-z0-9_-]{22}\.2$/),
    ]);
    expect(ids[0]?.slice(0, 22)).toBe(ids[1]?.slice(0, 22));
    expect(assignRefs(message).content[1]?.metadata?.[CALL_ID_KEY]).not.toBe(ids[0]);
  });

  it('keeps an id the message already carries, and returns the message itself when nothing changed', () => {
    const once = assignRefs(asked);
    expect(assignRefs(once)).toBe(once);
    expect(assignRefs({ role: 'model', content: [{ text: 'hi' }] }).content).toEqual([{ text: 'hi' }]);
  });
});
