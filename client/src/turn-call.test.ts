import { applyJsonPatch, type MessageResult, type WireChunk, type WireRequest } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { FlowError } from './flow-error.js';
import type { FlowChunk } from './flow-types.js';
import { callTurn, delivering, isKnownChunk, isQueued, turnResult } from './turn-call.js';
import type { WireCallable } from './wire-callable.js';

const interrupt = { ref: 'r1', name: 'cancelOrder', input: {}, metadata: true as const };
const result = { status: 'interrupted', sessionId: 's1', interrupts: [interrupt] } as unknown as MessageResult;

/** A callable answering `result`, streaming `chunks`. */
function callable(chunks: WireChunk[]): WireCallable & { sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  const call = async (data: WireRequest) => {
    sent.push(data);
    return { data: result };
  };
  const stream = async (data: WireRequest) => {
    sent.push(data);
    return {
      stream: (async function* () {
        yield* chunks;
      })(),
      data: Promise.resolve(result),
    };
  };
  return Object.assign(call, { stream, sent });
}

describe('callTurn', () => {
  it('names the session on each interrupt of the result, and of an interrupt chunk when streamed', async () => {
    const request = { sessionId: 's1', message: 'hi' };
    const plain = await callTurn(callable([]), request, undefined, undefined);
    expect(isQueued(plain) ? undefined : plain.interrupts[0]?.sessionId).toBe('s1');
    const seen: FlowChunk[] = [];
    const chunks: WireChunk[] = [
      { type: 'text', text: 'a' },
      { type: 'interrupt', ...interrupt },
    ];
    await callTurn(callable(chunks), request, (chunk) => seen.push(chunk), undefined);
    expect(seen).toEqual([
      { type: 'text', text: 'a' },
      { type: 'interrupt', ...interrupt, sessionId: 's1' },
    ]);
  });
});

describe('delivering', () => {
  it('says a chunk was delivered once one reached the caller, and gives no function for no caller', () => {
    const seen: number[] = [];
    const counted = delivering<number>((n) => seen.push(n));
    expect(counted.delivered()).toBe(false);
    counted.onChunk?.(1);
    expect([counted.delivered(), seen]).toEqual([true, [1]]);
    expect(delivering(undefined).onChunk).toBeUndefined();
  });
});

describe('turnResult', () => {
  it('refuses a resume answered queued, and passes a turn result through', () => {
    expect(() => turnResult({ status: 'queued', sessionId: 's1', requestId: 'q', position: 1 } as never)).toThrow(
      FlowError,
    );
    const done = { status: 'done', sessionId: 's1', interrupts: [] } as never;
    expect(turnResult(done)).toBe(done);
  });
});

describe('callTurn with an approver’s answer', () => {
  it('refuses to read an approver’s result as a turn’s: an approver answers with answerApproval', async () => {
    const answered = {
      sessionId: 's1',
      status: 'answered',
      answered: [{ ref: 'r1', name: 'refund', answer: 'restart' }],
    };
    const approver: WireCallable = Object.assign(async () => ({ data: answered as unknown as MessageResult }), {
      stream: async () => ({
        stream: (async function* () {})(),
        data: Promise.resolve(answered as unknown as MessageResult),
      }),
    });
    const request = { sessionId: 's1', resume: { restart: [{ ref: 'r1', name: 'refund' }] } };
    await expect(callTurn(approver, request, undefined, undefined)).rejects.toMatchObject({
      code: 'failed-precondition',
    });
  });
});

describe('isKnownChunk', () => {
  it('passes artifact and state chunks, which fold into the state with applyJsonPatch', async () => {
    const chunks: WireChunk[] = [
      { type: 'state', patch: [{ op: 'replace', path: '', value: { n: 1 } }] },
      { type: 'artifact', name: 'report', version: 1, parts: [{ text: 'Q3' }] },
      { type: 'state', patch: [{ op: 'replace', path: '/n', value: 2 }] },
    ];
    const seen: FlowChunk[] = [];
    await callTurn(callable(chunks), { sessionId: 's1', message: 'hi' }, (chunk) => seen.push(chunk), undefined);
    expect(seen).toEqual(chunks);
    const state = seen.reduce<unknown>((s, c) => (c.type === 'state' ? applyJsonPatch(s, c.patch) : s), undefined);
    expect(state).toEqual({ n: 2 });
  });

  it('passes the chunk kinds of this version and ignores one added after it, when streamed', async () => {
    const newer = { type: 'citation', url: 'https://example.com' } as unknown as WireChunk;
    expect(isKnownChunk({ type: 'text' })).toBe(true);
    expect(isKnownChunk(newer)).toBe(false);
    expect(isKnownChunk({})).toBe(false);
    const seen: FlowChunk[] = [];
    const chunks: WireChunk[] = [{ type: 'text', text: 'a' }, newer, { type: 'text', text: 'b' }];
    await callTurn(callable(chunks), { sessionId: 's1', message: 'hi' }, (chunk) => seen.push(chunk), undefined);
    expect(seen).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
  });
});

describe('callTurn with a result this client does not know', () => {
  it('fails with a typed FlowError naming the status when a newer server answers a status it does not know', async () => {
    const newer = { sessionId: 's1', status: 'handedOver' } as unknown as MessageResult;
    const call = Object.assign(async () => ({ data: newer }), {
      stream: () => Promise.reject(new Error('not streamed')),
    });
    const error = await callTurn(call, { sessionId: 's1', message: 'hi' }, undefined, undefined).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FlowError);
    expect(error).toMatchObject({ code: 'internal', message: expect.stringContaining("'handedOver'") });
  });
});
