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
});
