import { type MessageResult, PROTOCOL_VERSION, type WireChunk, type WireRequest } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { versionedCallable } from './versioned-callable.js';
import type { WireCallable } from './wire-callable.js';

const result = { sessionId: 's1', status: 'done' } as unknown as MessageResult;

function recording(): WireCallable & { sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  const call = async (data: WireRequest) => {
    sent.push(data);
    return { data: result };
  };
  const stream = async (data: WireRequest) => {
    sent.push(data);
    return { stream: (async function* (): AsyncGenerator<WireChunk> {})(), data: Promise.resolve(result) };
  };
  return Object.assign(call, { stream, sent });
}

describe('versionedCallable', () => {
  it('names the protocol version on a plain call and on a streamed one, keeping the rest of the request', async () => {
    const inner = recording();
    const callable = versionedCallable(inner);
    await callable({ sessionId: 's1', message: 'hi' });
    await callable.stream({ sessionId: 's1', stop: true });
    expect(inner.sent).toEqual([
      { sessionId: 's1', message: 'hi', protocolVersion: PROTOCOL_VERSION },
      { sessionId: 's1', stop: true, protocolVersion: PROTOCOL_VERSION },
    ]);
  });
});
