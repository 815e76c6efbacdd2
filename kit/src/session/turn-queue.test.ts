import { describe, expect, it } from 'vitest';
import { positionOf, pushOnto, type QueuedMessage } from './turn-queue.js';

const item = (requestId: string, digest = 'd'): QueuedMessage => ({
  requestId,
  uid: 'alice',
  message: { role: 'user', content: [{ text: requestId }] },
  digest,
  at: 1,
});

describe('pushOnto', () => {
  it('appends at the tail and tells the place when the id is new and there is room', () => {
    const pushed = pushOnto([item('a')], item('b'), 3);
    expect(pushed.outcome).toEqual({ queued: true, position: 2, added: true });
    expect(pushed.items?.map((i) => i.requestId)).toEqual(['a', 'b']);
  });

  it('changes nothing and tells the same place when the same request is pushed again', () => {
    expect(pushOnto([item('a'), item('b')], item('a'), 2)).toEqual({
      items: undefined,
      outcome: { queued: true, position: 1, added: false },
    });
  });

  it('is reused when the id waits already with another message', () => {
    expect(pushOnto([item('a')], item('a', 'other'), 3).outcome).toEqual({ reused: true });
  });

  it('is full and changes nothing when maxItems wait already', () => {
    expect(pushOnto([item('a'), item('b')], item('c'), 2)).toEqual({ items: undefined, outcome: { full: true } });
  });
});

describe('positionOf', () => {
  it('is 1-based, and 0 when the id does not wait', () => {
    expect(positionOf([item('a'), item('b')], 'b')).toBe(2);
    expect(positionOf([item('a')], 'z')).toBe(0);
  });
});
