import {
  type CallResult,
  PROTOCOL_VERSION,
  type QueuedResult,
  type StopResult,
  type WireChunk,
  type WireRequest,
} from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { flowClient } from './flow.js';
import { FlowError } from './flow-error.js';
import { isQueued } from './turn-call.js';
import type { WireCallable } from './wire-callable.js';

/** The protocol version every request of the client names. */
const v = PROTOCOL_VERSION;

/** A Firebase `FunctionsError` as the SDK throws it. */
const sdkError = (code: string, details?: Record<string, unknown>) =>
  Object.assign(new Error(`${code} happened`), { code: `functions/${code}`, details });

const result = (over: Partial<CallResult> = {}): CallResult => ({
  sessionId: 's1',
  status: 'done',
  finishReason: 'stop',
  text: 'ok',
  output: null,
  interrupts: [],
  usage: { inputTokens: 1, outputTokens: 1 },
  ...over,
});

type Answer = CallResult | Error | { chunks: WireChunk[]; result: CallResult | Error };

/** A fake `httpsCallable`: answers each call from `answers` in order and records the requests. */
function fakeCallable(answers: Answer[]): WireCallable & { requests: WireRequest[] } {
  const requests: WireRequest[] = [];
  const next = (data: WireRequest): Answer => {
    requests.push(structuredClone(data));
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer;
  };
  const call = async (data: WireRequest) => {
    const answer = next(data);
    if (answer instanceof Error) throw answer;
    return { data: 'chunks' in answer ? (answer.result as CallResult) : answer };
  };
  return Object.assign(call, {
    requests,
    async stream(data: WireRequest) {
      const answer = next(data);
      const chunks = 'chunks' in answer ? answer.chunks : [];
      const final = 'chunks' in answer ? answer.result : answer;
      const outcome = final instanceof Error ? Promise.reject(final) : Promise.resolve(final);
      return {
        data: outcome,
        stream: (async function* () {
          yield* chunks;
          await outcome;
        })(),
      };
    },
  });
}

const noSleep = { sleep: async (_ms: number) => {} };

describe('flowClient', () => {
  it('sends a message with a request id and continues the session when sent again', async () => {
    const callable = fakeCallable([result(), result()]);
    const client = flowClient(callable, noSleep);
    await client.send('hi');
    await client.send('again');
    expect(callable.requests[0]).toMatchObject({ message: 'hi' });
    expect(callable.requests[0]?.requestId).toMatch(/^c-[A-Za-z0-9-]+$/);
    expect(callable.requests[1]).toMatchObject({ sessionId: 's1', message: 'again' });
    expect(callable.requests[1]?.requestId).not.toBe(callable.requests[0]?.requestId);
  });

  it('names a new conversation’s session with an id of its own, known at once, and retries it with the same ids', async () => {
    const waits: number[] = [];
    const callable = fakeCallable([sdkError('unavailable'), result({ sessionId: 'answered-in' })]);
    const client = flowClient(callable, { sleep: async (ms) => void waits.push(ms) });
    const sending = client.send('hi');
    const made = client.sessionId;
    expect(made).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(callable.requests[0]).toMatchObject({ sessionId: made, message: 'hi' });
    await sending;
    expect(callable.requests).toHaveLength(2);
    expect(callable.requests[1]).toEqual(callable.requests[0]);
    expect(waits).toHaveLength(1);
  });

  it('starts a new conversation under a new id when sessionId is null, and under the app’s own id when it names one', async () => {
    const callable = fakeCallable([result(), result(), result({ sessionId: 'app-made' })]);
    const client = flowClient(callable, noSleep);
    await client.send('one');
    await client.send('two', { sessionId: null });
    await client.send('three', { sessionId: 'app-made' });
    const [first, second, third] = callable.requests.map((r) => r.sessionId);
    expect(second).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(second).not.toBe(first);
    expect(third).toBe('app-made');
    expect(client.sessionId).toBe('app-made');
  });

  it('keeps its session when an id the app named is refused as another user’s', async () => {
    const callable = fakeCallable([
      result({ sessionId: 'mine' }),
      sdkError('permission-denied', { reason: 'NOT_OWNER' }),
    ]);
    const client = flowClient(callable, noSleep);
    await client.send('one', { sessionId: 'mine' });
    await expect(client.send('two', { sessionId: 'theirs' })).rejects.toMatchObject({ reason: 'NOT_OWNER' });
    expect(client.sessionId).toBe('mine');
  });

  it('tells a stream’s session before its first chunk, and gives its interrupt chunks that session', async () => {
    const interrupt = { ref: 'c1', name: 'cancelOrder', input: {}, metadata: true as const };
    const asked = result({ status: 'interrupted', finishReason: 'interrupted', interrupts: [interrupt] });
    const callable = fakeCallable([{ chunks: [{ type: 'interrupt', ...interrupt }], result: asked }]);
    const stream = flowClient(callable, noSleep).stream('cancel it');
    expect(stream.sessionId).toMatch(/^[A-Za-z0-9]{20}$/);
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks).toEqual([{ type: 'interrupt', ...interrupt, sessionId: stream.sessionId }]);
    expect(callable.requests[0]?.sessionId).toBe(stream.sessionId);
  });

  it('waits what the function asks for when the session is busy', async () => {
    const waits: number[] = [];
    const busy = sdkError('aborted', { reason: 'SESSION_BUSY', retryAfterMs: 1200 });
    const callable = fakeCallable([busy, busy, result()]);
    const client = flowClient(callable, { sleep: async (ms) => void waits.push(ms) });
    await client.send('hi', { sessionId: 's1' });
    expect(waits).toEqual([1200, 1200]);
    expect(new Set(callable.requests.map((r) => r.requestId)).size).toBe(1);
  });

  it('gives up after the policy’s attempts with the last error when the function stays unavailable', async () => {
    const callable = fakeCallable([sdkError('unavailable'), sdkError('unavailable'), sdkError('unavailable')]);
    const client = flowClient(callable, { ...noSleep, retry: { maxAttempts: 3 } });
    const error = await client.send('hi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowError);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect(callable.requests).toHaveLength(3);
  });

  it('does not retry and exposes the reason when the function refuses the call', async () => {
    const callable = fakeCallable([sdkError('failed-precondition', { reason: 'APPROVAL_EXPIRED' })]);
    const error = await flowClient(callable, noSleep)
      .send('hi')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'failed-precondition', reason: 'APPROVAL_EXPIRED', retryAfterMs: undefined });
    expect(callable.requests).toHaveLength(1);
  });

  it('builds restart, decline and respond resumes from an interrupt when approving, declining and answering', async () => {
    const interrupt = {
      ref: 'c2',
      name: 'cancelOrder',
      input: { orderId: 'A-1' },
      metadata: true as const,
      inputDigest: 'd-A1',
    };
    const asked = result({ status: 'interrupted', finishReason: 'interrupted', interrupts: [interrupt] });
    const callable = fakeCallable([asked, result(), result(), result()]);
    const client = flowClient(callable, noSleep);
    const first = await client.send('cancel A-1');
    const question = first.interrupts[0];
    if (!question) throw new Error('no interrupt');
    expect(question.sessionId).toBe('s1');
    await client.approve(question, { replaceInput: { orderId: 'A-2' } });
    await client.decline(question, 'changed my mind');
    await client.answer(question, { cancelled: false });
    expect(callable.requests.slice(1).map(({ requestId: _, protocolVersion: __, ...r }) => r)).toEqual([
      {
        sessionId: 's1',
        resume: {
          restart: [{ ref: 'c2', name: 'cancelOrder', inputDigest: 'd-A1', replaceInput: { orderId: 'A-2' } }],
        },
      },
      // A decline carries no digest: a no stands whatever the call now holds.
      { sessionId: 's1', resume: { decline: [{ ref: 'c2', name: 'cancelOrder', reason: 'changed my mind' }] } },
      {
        sessionId: 's1',
        resume: { respond: [{ ref: 'c2', name: 'cancelOrder', inputDigest: 'd-A1', output: { cancelled: false } }] },
      },
    ]);
  });

  it('sends no digest when the interrupt came without one (a result stored before digests)', async () => {
    const interrupt = { ref: 'c2', name: 'cancelOrder', input: { orderId: 'A-1' }, metadata: true as const };
    const callable = fakeCallable([result()]);
    await flowClient(callable, noSleep).approve({ ...interrupt, sessionId: 's1' });
    expect(callable.requests[0]).toMatchObject({ resume: { restart: [{ ref: 'c2', name: 'cancelOrder' }] } });
    expect(JSON.stringify(callable.requests[0])).not.toContain('inputDigest');
  });

  it('yields the chunks and resolves the result when streaming', async () => {
    const chunks: WireChunk[] = [
      { type: 'text', text: 'Look' },
      { type: 'toolRequest', ref: 'c1', name: 'lookup', input: {} },
    ];
    const callable = fakeCallable([{ chunks, result: result({ text: 'Looked' }) }]);
    const stream = flowClient(callable, noSleep).stream('look');
    const seen = [];
    for await (const chunk of stream) seen.push(chunk);
    expect(seen).toEqual(chunks);
    expect((await stream.result).text).toBe('Looked');
  });

  it('fails the iteration with the FlowError when a stream fails', async () => {
    const callable = fakeCallable([
      { chunks: [{ type: 'text', text: 'a' }], result: sdkError('permission-denied', { reason: 'NOT_OWNER' }) },
    ]);
    const stream = flowClient(callable, noSleep).stream('x', { sessionId: 'other' });
    stream.result.catch(() => undefined);
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const chunk of stream) seen.push(chunk);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ code: 'permission-denied', reason: 'NOT_OWNER' });
  });

  it('does not retry a stream that already delivered chunks: the caller gets the failure, each chunk once', async () => {
    const callable = fakeCallable([
      { chunks: [{ type: 'text', text: 'Half an ans' }], result: sdkError('unavailable') },
      { chunks: [{ type: 'text', text: 'Half an answer' }], result: result() },
    ]);
    const stream = flowClient(callable, noSleep).stream('x');
    stream.result.catch(() => undefined);
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const chunk of stream) seen.push(chunk);
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unavailable' });
    expect(seen).toEqual([{ type: 'text', text: 'Half an ans' }]);
    expect(callable.requests).toHaveLength(1);
  });

  it('retries a stream that failed before its first chunk, with the same request id', async () => {
    const callable = fakeCallable([{ chunks: [], result: sdkError('unavailable') }, result({ text: 'ok' })]);
    const stream = flowClient(callable, noSleep).stream('x');
    for await (const _chunk of stream) {
      // no chunks
    }
    expect((await stream.result).text).toBe('ok');
    expect(callable.requests).toHaveLength(2);
    expect(callable.requests[1]?.requestId).toBe(callable.requests[0]?.requestId);
  });

  it('sends a stop of the named session and retries it with the same request id when unavailable', async () => {
    const requests: WireRequest[] = [];
    const answers: (StopResult | Error)[] = [sdkError('unavailable'), { sessionId: 's9', status: 'stopped' }];
    const call = async (data: WireRequest) => {
      requests.push(structuredClone(data));
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error('no answer left');
      return { data: answer };
    };
    const callable: WireCallable = Object.assign(call, {
      stream: () => Promise.reject(new Error('a stop never streams')),
    });
    const client = flowClient(callable, noSleep);
    await expect(client.stop('s9')).resolves.toEqual({ sessionId: 's9', status: 'stopped' });
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual({ sessionId: 's9', stop: true, requestId: expect.any(String), protocolVersion: v });
    expect(requests[1]?.requestId).toBe(requests[0]?.requestId);
  });

  it('names the client that stops in the stop request when it gives a client id', async () => {
    const callable = fakeCallable([{ sessionId: 's9', status: 'stopped' } as unknown as CallResult]);
    await flowClient(callable, noSleep).stop('s9', { clientId: 'tab-2', requestId: 'stop-1' });
    expect(callable.requests[0]).toEqual({
      sessionId: 's9',
      stop: true,
      requestId: 'stop-1',
      clientId: 'tab-2',
      protocolVersion: v,
    });
  });

  it('fails with the reason and does not retry when there is nothing to stop', async () => {
    const callable = fakeCallable([sdkError('failed-precondition', { reason: 'NOTHING_TO_STOP' })]);
    const error = await flowClient(callable, noSleep)
      .stop('s1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowError);
    expect((error as FlowError).reason).toBe('NOTHING_TO_STOP');
    expect(callable.requests).toHaveLength(1);
  });

  it('takes a queued message back with a withdraw request naming it, and answers withdrawn', async () => {
    const withdrawn = { sessionId: 's1', requestId: 'q1', status: 'withdrawn' };
    const callable = fakeCallable([withdrawn as unknown as CallResult]);
    await expect(flowClient(callable, noSleep).withdraw('s1', 'q1')).resolves.toEqual(withdrawn);
    expect(callable.requests).toEqual([{ sessionId: 's1', withdraw: 'q1', protocolVersion: v }]);
  });

  it('fails with the reason and does not retry when the queued message has begun running', async () => {
    const callable = fakeCallable([sdkError('failed-precondition', { reason: 'ALREADY_RUNNING' })]);
    const error = await flowClient(callable, noSleep)
      .withdraw('s1', 'q1')
      .catch((e: unknown) => e);
    expect((error as FlowError).reason).toBe('ALREADY_RUNNING');
    expect(callable.requests).toHaveLength(1);
  });

  it('resolves to queued, continues that session, and gets the turn’s result by the same request id when the agent queues', async () => {
    const queued: QueuedResult = { sessionId: 's1', status: 'queued', requestId: 'q1', position: 2 };
    const callable = fakeCallable([queued as unknown as CallResult, result({ text: 'answered' })]);
    const client = flowClient<{ whileBusy: 'queue' }>(callable, noSleep);
    const first = await client.send('and also', { sessionId: 's1', requestId: 'q1' });
    expect(isQueued(first) && first.position).toBe(2);
    expect(client.sessionId).toBe('s1');
    const later = await client.send('and also', { requestId: 'q1' });
    expect(!isQueued(later) && later.text).toBe('answered');
    expect(callable.requests.map((r) => r.requestId)).toEqual(['q1', 'q1']);
  });

  it('refuses a queued answer to a resume with internal when the server queues one (it never should)', async () => {
    const queued = { sessionId: 's1', status: 'queued', requestId: 'q1', position: 1 };
    const callable = fakeCallable([queued as unknown as CallResult]);
    const error = await flowClient(callable, noSleep)
      .resume('s1', { decline: [{ ref: 'r', name: 'n' }] })
      .catch((e: unknown) => e);
    expect((error as FlowError).code).toBe('internal');
  });
});

describe('flowClient.answerApproval', () => {
  const inbox = {
    id: 'a1',
    sessionId: 's-ann',
    ref: 'r1',
    tool: 'refund',
    metadata: { title: 'Refund 5?' },
    inputDigest: 'digest-1',
    ownerUid: 'ann',
    approverUids: [],
    approverClaim: 'manager',
    state: 'waiting' as const,
    waitingSince: 1,
    expiresAt: null,
    expireAt: 2,
  };
  const answered = {
    sessionId: 's-ann',
    status: 'answered',
    answered: [{ ref: 'r1', name: 'refund', answer: 'restart' }],
  };

  it('approves the inbox call by session, ref and digest, and resolves to what the server says was answered', async () => {
    const callable = fakeCallable([answered as unknown as CallResult]);
    const client = flowClient(callable, noSleep);
    await expect(client.answerApproval(inbox, { kind: 'approve' })).resolves.toEqual(answered);
    expect(callable.requests[0]).toMatchObject({
      sessionId: 's-ann',
      resume: { restart: [{ ref: 'r1', name: 'refund', inputDigest: 'digest-1' }] },
      requestId: expect.any(String),
    });
  });

  it('declines with the reason, retries an unavailable call under the same request id, and tells the owner the same', async () => {
    const callable = fakeCallable([sdkError('unavailable'), result({ sessionId: 's-ann' })]);
    const client = flowClient(callable, noSleep);
    const outcome = await client.answerApproval(inbox, { kind: 'decline', reason: 'too much' });
    expect(outcome).toEqual({
      sessionId: 's-ann',
      status: 'answered',
      answered: [{ ref: 'r1', name: 'refund', answer: 'decline' }],
    });
    expect(callable.requests[0]).toMatchObject({
      resume: { decline: [{ ref: 'r1', name: 'refund', reason: 'too much' }] },
    });
    expect(callable.requests[1]?.requestId).toBe(callable.requests[0]?.requestId);
  });

  it('answers the inbox call’s question (an MCP server’s form) with a respond bound to its digest', async () => {
    const callable = fakeCallable([result({ sessionId: 's-ann' })]);
    const client = flowClient(callable, noSleep);
    const outcome = await client.answerApproval(inbox, { kind: 'respond', output: { name: 'Ann', copies: 2 } });
    expect(outcome.answered).toEqual([{ ref: 'r1', name: 'refund', answer: 'respond' }]);
    expect(callable.requests[0]).toMatchObject({
      resume: { respond: [{ ref: 'r1', name: 'refund', output: { name: 'Ann', copies: 2 }, inputDigest: 'digest-1' }] },
    });
  });

  it('refuses with the server’s reason when the caller may not answer', async () => {
    const callable = fakeCallable([sdkError('permission-denied', { reason: 'NOT_ALLOWED' })]);
    const client = flowClient(callable, noSleep);
    await expect(client.answerApproval(inbox, { kind: 'approve' })).rejects.toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_ALLOWED',
    });
  });
});
