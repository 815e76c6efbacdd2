import { describe, expect, it } from 'vitest';
import type { Message } from '../model/index.js';
import { emptySession } from './empty-session.js';
import { HEAP_BYTES_PER_JSON_CHAR, sessionBytes } from './session-bytes.js';

const session = (history: Message[]) => ({ ...emptySession({ id: 's', ownerUid: 'u', agent: 'a', now: 0 }), history });

describe('sessionBytes', () => {
  it('grows with the history by about the heap cost of its JSON', () => {
    const message: Message = { role: 'user', content: [{ text: 'x'.repeat(1_000) }] };
    const grown = sessionBytes(session([message])) - sessionBytes(session([]));
    expect(grown).toBeGreaterThanOrEqual(Math.floor(JSON.stringify(message).length * HEAP_BYTES_PER_JSON_CHAR));
    expect(grown).toBeLessThanOrEqual(Math.ceil(JSON.stringify(message).length * HEAP_BYTES_PER_JSON_CHAR) + 4);
  });

  it('counts each snapshot it holds, and counts it the same when a later version of the session holds it again', () => {
    const snapshot = {
      id: 's1-x',
      n: 1,
      branch: 'main',
      length: 2,
      seq: 1,
      outcome: { kind: 'done', at: 1 },
      state: JSON.stringify({ notes: 'y'.repeat(2_000) }),
    };
    const bare = sessionBytes(session([]));
    const first = sessionBytes({ ...session([]), snapshots: [snapshot] });
    const later = sessionBytes({ ...session([]), version: 7, snapshots: [snapshot] });
    expect(first - bare).toBeGreaterThanOrEqual(Math.floor(JSON.stringify(snapshot).length * HEAP_BYTES_PER_JSON_CHAR));
    expect(later).toBe(first);
  });
});
