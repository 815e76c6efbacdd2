import { describe, expect, it } from 'vitest';
import { CALL_ID_KEY, callIdOf } from './assign-call-ids.js';

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
