import { describe, expect, it } from 'vitest';
import { FlowError } from './flow-error.js';
import { flowStream } from './flow-stream.js';
import type { FlowChunk, SendResult } from './flow-types.js';

const text = (t: string): FlowChunk => ({ type: 'text', text: t });

describe('flowStream', () => {
  it('gives the chunks as they come, then ends, when the call succeeds', async () => {
    const done = { status: 'done' } as unknown as SendResult;
    const stream = flowStream('s1', async (onChunk) => {
      onChunk(text('a'));
      onChunk(text('b'));
      return done;
    });
    const seen: FlowChunk[] = [];
    for await (const chunk of stream) seen.push(chunk);
    expect(seen).toEqual([text('a'), text('b')]);
    expect([stream.sessionId, await stream.result]).toEqual(['s1', done]);
  });

  it('throws the call’s failure after the chunks that came, when the call fails', async () => {
    const failure = new FlowError('unavailable', 'down');
    const stream = flowStream('s1', async (onChunk) => {
      onChunk(text('a'));
      throw failure;
    });
    stream.result.catch(() => undefined);
    const seen: FlowChunk[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) seen.push(chunk);
      })(),
    ).rejects.toBe(failure);
    expect(seen).toEqual([text('a')]);
  });
});
