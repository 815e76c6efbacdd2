import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import { admitRequest, endRequest, REQUEST_WINDOW, requestDigest } from './request-record.js';

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });

describe('requestDigest', () => {
  it('is one digest for one request when its keys come in another order', () => {
    const a = requestDigest(undefined, { restart: [{ ref: 'r1', name: 'transfer', metadata: { a: 1, b: 2 } }] });
    const b = requestDigest(undefined, { restart: [{ metadata: { b: 2, a: 1 }, name: 'transfer', ref: 'r1' }] });
    expect(a).toBe(b);
  });

  it('tells apart two messages, and an approval from a decline of the same call', () => {
    expect(requestDigest(user('pay 5'), undefined)).not.toBe(requestDigest(user('pay 9'), undefined));
    const reply = { ref: 'r1', name: 'transfer' };
    expect(requestDigest(undefined, { restart: [reply] })).not.toBe(requestDigest(undefined, { decline: [reply] }));
  });
});

describe('admitRequest', () => {
  it('keeps the last REQUEST_WINDOW ids, oldest first, when more are admitted', () => {
    let requests = admitRequest(undefined, { id: 'r0', digest: 'd', at: 0 });
    for (let i = 1; i <= REQUEST_WINDOW; i++) requests = admitRequest(requests, { id: `r${i}`, digest: 'd', at: i });
    expect(requests).toHaveLength(REQUEST_WINDOW);
    expect(requests[0]?.id).toBe('r1');
    expect(requests.at(-1)?.id).toBe(`r${REQUEST_WINDOW}`);
  });
});

describe('endRequest', () => {
  it('sets the outcome of an open call once, when a later call closes it', () => {
    const open = [{ id: 'r1', digest: 'd', at: 0 }];
    const closed = endRequest(open, 'r1', 'cut-short');
    expect(closed).toEqual([{ id: 'r1', digest: 'd', at: 0, outcome: 'cut-short' }]);
    expect(endRequest(closed, 'r1', 'expired')).toBe(closed);
    expect(endRequest(open, 'other', 'cut-short')).toBe(open);
  });
});
