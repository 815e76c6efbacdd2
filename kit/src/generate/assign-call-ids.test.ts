import { describe, expect, it } from 'vitest';
import type { Message } from '../model/index.js';
import { CALL_ID_KEY, CALL_ID_PREFIX_KEY, callIdOf } from './assign-call-ids.js';

const part = { toolRequest: { name: 'book', ref: 'b1' } };
const bare: Message = { role: 'model', content: [{ text: 'booking' }, part] };
const withPrefix: Message = { ...bare, metadata: { [CALL_ID_PREFIX_KEY]: 'm-1' } };

describe('callIdOf', () => {
  it('makes the id of a call from its message’s id and its index in the message', () => {
    expect(callIdOf(part, withPrefix, 1, 's1')).toBe('m-1.1');
  });

  it('reads the id a part was journaled with before ids moved to the message, over the message’s', () => {
    const own = { ...part, metadata: { [CALL_ID_KEY]: 'c-1' } };
    expect(callIdOf(own, bare, 1, 's1')).toBe('c-1');
    expect(callIdOf(own, withPrefix, 1, 's1')).toBe('c-1');
  });

  it('scopes a call journaled without one by its session, so two sessions never share it', () => {
    expect(callIdOf(part, bare, 1, 's1')).toBe('s1:b1');
    expect(callIdOf(part, bare, 1, 's2')).not.toBe(callIdOf(part, bare, 1, 's1'));
    expect(callIdOf(part, bare, 1, undefined)).toBe('b1');
  });
});
