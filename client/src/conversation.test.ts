import type { SessionDoc } from '@callable-flows/protocol/session-doc';
import { describe, expect, it } from 'vitest';
import { conversationOf } from './conversation.js';
import type { WatchedMessage } from './watched-message.js';

const doc = (status: SessionDoc['status'], outcome: string | null = null) =>
  ({ id: 's1', status, outcome }) as unknown as SessionDoc;

describe('conversationOf', () => {
  it('decodes the calls, interrupts, results and outcome of a session at once when asked for its conversation', () => {
    const messages: WatchedMessage[] = [
      { role: 'user', content: [{ text: 'cancel A-1001' }] },
      {
        role: 'model',
        content: [{ toolRequest: { name: 'cancelOrder', ref: 'r1', input: {} }, metadata: { interrupt: true } }],
      },
    ];
    const outcome = { kind: 'interrupted', at: 4, requestId: 'q' };
    const conversation = conversationOf(doc('interrupted', JSON.stringify(outcome)), messages);
    expect(conversation.messages).toBe(messages);
    expect(conversation.calls.map((c) => c.state.kind)).toEqual(['waiting']);
    expect(conversation.interrupts.map((i) => [i.ref, i.state])).toEqual([['r1', 'waiting']]);
    expect(conversation.results).toEqual([]);
    expect(conversation.outcome).toEqual(outcome);
  });
});
