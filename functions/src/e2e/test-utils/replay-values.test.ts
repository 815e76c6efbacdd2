import { describe, expect, it } from 'vitest';
import { learnValues, withValues } from './replay-values.js';

describe('learnValues', () => {
  it('maps the refs and digests of recorded interrupts to the current ones, at the same paths', () => {
    const values = new Map<string, string>();
    const recorded = { interrupts: [{ ref: 'fc-1', name: 'cancelOrder', inputDigest: 'd-old' }], text: 'a' };
    const current = { interrupts: [{ ref: 'fc-7', name: 'cancelOrder', inputDigest: 'd-new' }], text: 'b' };
    learnValues(recorded, current, values);
    expect([...values]).toEqual([
      ['fc-1', 'fc-7'],
      ['d-old', 'd-new'],
    ]);
  });
});

describe('withValues', () => {
  it('sends a recorded resume with the current ref and digest, the rest as recorded', () => {
    const values = new Map([['fc-1', 'fc-7']]);
    const request = { sessionId: 's1', resume: { restart: [{ ref: 'fc-1', name: 'cancelOrder' }] } };
    expect(withValues(request, values)).toEqual({
      sessionId: 's1',
      resume: { restart: [{ ref: 'fc-7', name: 'cancelOrder' }] },
    });
  });
});
