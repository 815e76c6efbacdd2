import { describe, expect, it } from 'vitest';
import type { Message } from '../model/index.js';
import { assignCallIds, CALL_ID_KEY, callIdOf } from './assign-call-ids.js';

const asked: Message = {
  role: 'model',
  content: [{ text: 'Booking.' }, { toolRequest: { name: 'book', ref: 'b1', input: {} } }],
};

describe('assignCallIds', () => {
  it('gives each tool request its own id in the part metadata, leaving the model ref and other parts alone', () => {
    const first = assignCallIds(asked);
    const second = assignCallIds(asked);
    const [text, call] = first.content;
    expect(text).toEqual({ text: 'Booking.' });
    expect(call).toEqual({
      toolRequest: { name: 'book', ref: 'b1', input: {} },
      metadata: { [CALL_ID_KEY]: expect.any(String) },
    });
    expect(second.content[1]?.metadata?.[CALL_ID_KEY]).not.toBe(call?.metadata?.[CALL_ID_KEY]);
  });

  it('keeps an id the message already carries, and returns the message itself when nothing changed', () => {
    const once = assignCallIds(asked);
    expect(assignCallIds(once)).toBe(once);
    expect(assignCallIds({ role: 'model', content: [{ text: 'hi' }] }).content).toEqual([{ text: 'hi' }]);
  });
});

describe('callIdOf', () => {
  it('reads the journaled id', () => {
    const part = { toolRequest: { name: 'book', ref: 'b1' }, metadata: { [CALL_ID_KEY]: 'c-1' } };
    expect(callIdOf(part, 's1')).toBe('c-1');
  });

  it('scopes a call journaled without one by its session, so two sessions never share it', () => {
    const part = { toolRequest: { name: 'book', ref: 'b1' } };
    expect(callIdOf(part, 's1')).toBe('s1:b1');
    expect(callIdOf(part, 's2')).not.toBe(callIdOf(part, 's1'));
    expect(callIdOf(part, undefined)).toBe('b1');
  });
});
