import { describe, expect, it } from 'vitest';
import { CallResultSchema, MessageResultSchema, QueuedResultSchema } from './call-result.js';

const done = {
  sessionId: 's1',
  status: 'done',
  finishReason: 'stop',
  text: 'hi',
  output: null,
  interrupts: [],
  usage: { inputTokens: 1, outputTokens: 2 },
};

describe('QueuedResultSchema', () => {
  it('takes a queued answer with its request id and a position from 1 when well formed', () => {
    expect(QueuedResultSchema.parse({ sessionId: 's1', status: 'queued', requestId: 'r1', position: 1 })).toEqual({
      sessionId: 's1',
      status: 'queued',
      requestId: 'r1',
      position: 1,
    });
  });

  it('refuses a position of 0 or a missing request id when malformed', () => {
    expect(
      QueuedResultSchema.safeParse({ sessionId: 's1', status: 'queued', requestId: 'r1', position: 0 }).success,
    ).toBe(false);
    expect(QueuedResultSchema.safeParse({ sessionId: 's1', status: 'queued', position: 1 }).success).toBe(false);
  });
});

describe('MessageResultSchema', () => {
  it('reads a turn result or a queued answer, told apart by status, when either comes back', () => {
    expect(MessageResultSchema.parse(done).status).toBe('done');
    const queued = MessageResultSchema.parse({ sessionId: 's1', status: 'queued', requestId: 'r1', position: 2 });
    expect(queued.status === 'queued' && queued.position).toBe(2);
    expect(CallResultSchema.safeParse({ ...done, status: 'queued' }).success).toBe(false);
  });
});
