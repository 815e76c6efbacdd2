import { lineKey } from '@callable-flows/protocol/session-doc';
import { describe, expect, it } from 'vitest';
import { SessionSnapshots } from './session-snapshots.js';

const line = (text: string) => `${JSON.stringify({ role: 'user', content: [{ text }] })}\n`;

/** A session document whose first `sealed` of `texts` are in one chunk. */
function sessionDoc(texts: string[], sealed: number, chunks = sealed ? [0] : []) {
  const lines: Record<string, string> = {};
  for (let i = sealed; i < texts.length; i++) lines[lineKey(i)] = line(texts[i] as string);
  return {
    schemaVersion: 1,
    id: 's1',
    ownerUid: 'alice',
    agent: 'orderAssistant',
    status: 'idle',
    version: 2,
    createdAt: 1,
    updatedAt: 2,
    expireAt: 3,
    lease: null,
    turn: null,
    turns: 1,
    summary: null,
    results: {},
    error: null,
    history: { length: texts.length, sealed, chunks, lines },
  };
}

describe('SessionSnapshots', () => {
  it('makes a view at once when the history has no sealed chunks', () => {
    const seen = new SessionSnapshots('s1');
    seen.queue(undefined);
    expect(seen.document(sessionDoc(['hi'], 0), true)).toEqual({ listen: [], stop: [] });
    expect(seen.view()).toMatchObject({ id: 's1', fromCache: true, messages: [{ role: 'user' }] });
  });

  it('waits for every chunk the document names, then makes the view, when the history is sealed', () => {
    const seen = new SessionSnapshots('s1');
    seen.queue(undefined);
    expect(seen.document(sessionDoc(['a', 'b'], 1), false)).toEqual({ listen: [0], stop: [] });
    expect(seen.view()).toBeUndefined();
    seen.chunk(0, line('a'));
    expect(seen.view()?.messages.map((m) => m.content[0]?.text)).toEqual(['a', 'b']);
  });

  it('asks to listen to each chunk once, and to stop listening to chunks the layout no longer names', () => {
    const seen = new SessionSnapshots('s1');
    seen.document(sessionDoc(['a', 'b', 'c'], 2, [0, 1]), false);
    expect(seen.document(sessionDoc(['a', 'b', 'c'], 2, [0, 1]), false)).toEqual({ listen: [], stop: [] });
    expect(seen.document(sessionDoc(['a', 'b', 'c'], 1), false)).toEqual({ listen: [], stop: [1] });
  });

  it('makes no view while a chunk read at another version does not add up to the layout', () => {
    const seen = new SessionSnapshots('s1');
    seen.document(sessionDoc(['a', 'b'], 1), false);
    seen.chunk(0, `${line('a')}${line('x')}`);
    expect(seen.view()).toBeUndefined();
  });

  it('refuses with data-loss when the document is not a session document', () => {
    const seen = new SessionSnapshots('s1');
    expect(() => seen.document({ id: 's1' }, false)).toThrow(expect.objectContaining({ code: 'data-loss' }));
  });

  it('waits for the queue document’s first snapshot, then shows its waiting messages, when the session has a queue', () => {
    const seen = new SessionSnapshots('s1');
    seen.document(sessionDoc(['hi'], 0), false);
    expect(seen.view()).toBeUndefined();
    const message = JSON.stringify({ role: 'user', content: [{ text: 'and then?' }] });
    seen.queue({
      ownerUid: 'alice',
      items: [{ requestId: 'q1', uid: 'alice', message, digest: 'd', at: 7 }],
      updatedAt: 7,
      expireAt: 9,
    });
    expect(seen.view()?.queued).toEqual([
      {
        requestId: 'q1',
        message: { role: 'user', content: [{ text: 'and then?' }] },
        at: 7,
        position: 1,
        waitsFor: 'answer',
      },
    ]);
  });

  it('refuses with data-loss when the queue document is not one', () => {
    const seen = new SessionSnapshots('s1');
    expect(() => seen.queue({ items: 'nope' })).toThrow(expect.objectContaining({ code: 'data-loss' }));
  });

  it('merges the live document’s words into the view while the round that wrote them runs, and drops them when it is journaled', () => {
    const seen = new SessionSnapshots('s1');
    const running = { status: 'running', lease: { id: 'l1', expiresAt: 99 } };
    seen.document({ ...sessionDoc(['hi'], 0), ...running }, false);
    seen.queue(undefined);
    seen.live({ ownerUid: 'alice', leaseId: 'l1', from: 1, text: 'Hel', updatedAt: 5, expireAt: 9 });
    expect(seen.view()?.live?.text).toBe('Hel');
    seen.live({ ownerUid: 'alice', leaseId: 'l1', from: 1, text: 'Hello', updatedAt: 6, expireAt: 9 });
    expect(seen.view()?.live?.text).toBe('Hello');
    seen.document({ ...sessionDoc(['hi', 'Hello there'], 0), ...running }, false);
    expect(seen.view()?.live).toBeUndefined();
  });

  it('takes a live document it can’t read as none, and goes on watching', () => {
    const seen = new SessionSnapshots('s1');
    seen.document(sessionDoc(['hi'], 0), false);
    seen.queue(undefined);
    expect(() => seen.live({ text: 7 })).not.toThrow();
    expect(seen.view()?.live).toBeUndefined();
  });
});
