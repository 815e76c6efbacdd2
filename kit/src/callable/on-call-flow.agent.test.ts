import { ApprovalResultSchema, CallResultSchema } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent, RUNNING_TURN_POLL_MS } from '../agent/index.js';
import { inputDigest } from '../call-state/index.js';
import type { GenerateRequest, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { benchProtocolReply } from '../test-utils/bench-protocol-reply.js';
import { approversWithClaim, defineTool } from '../tools/index.js';
import { onCallFlow } from './on-call-flow.js';
import type { OnCallFlowOptions } from './on-call-flow-options.js';
import { callableRequest, recordingResponse, rejectionCode } from './test-utils/callable-request.js';

const call = (name: string, ref: string, input: unknown): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ text: `Calling ${name}. ` }, { toolRequest: { name, ref, input } }] },
  finishReason: 'stop',
});

interface Hooks {
  /** Runs before every model answer (a test holds the model here). */
  beforeModel?: () => Promise<void>;
  /** Runs when the confirmed call does its work. */
  onConfirm?: () => void;
}

/** Plays: lookup → confirm (interrupts) → "Done." on every user turn. */
function confirmAgent(hooks: Hooks = {}, options: OnCallFlowOptions = {}) {
  const effects: string[] = [];
  const lookup = defineTool(
    { name: 'lookup', description: 'Looks up.', inputSchema: z.object({ id: z.string() }) },
    ({ id }) => ({ id, ok: true }),
  );
  const confirm = defineTool(
    {
      name: 'confirm',
      description: 'Does it, once confirmed.',
      inputSchema: z.object({ id: z.string() }),
      sideEffects: 'idempotent',
    },
    ({ id }, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ question: `Do ${id}?` });
      hooks.onConfirm?.();
      effects.push(id);
      return { done: id };
    },
  );
  const model = scriptedModel(async (request: GenerateRequest) => {
    await hooks.beforeModel?.();
    const last = request.messages.at(-1);
    const answered =
      last?.role === 'tool' ? last.content.map((p) => ('toolResponse' in p ? p.toolResponse.name : '')) : [];
    if (answered.includes('confirm')) return 'Done.';
    if (answered.includes('lookup')) return call('confirm', 'c2', { id: 'x1' });
    return call('lookup', 'c1', { id: 'x1' });
  });
  const store = new InMemorySessionStore();
  const agent = defineAgent({ name: 'confirmer', model, tools: [lookup, confirm], store });
  return { fn: onCallFlow(options, agent), model, effects, store };
}

const alice = { uid: 'alice' };

describe('onCallFlow with an agent', () => {
  it('returns an interrupted result in the wire shape when a tool asks for confirmation', async () => {
    const { fn } = confirmAgent();
    const result = await fn.run(callableRequest({ message: 'do x1' }, alice));
    expect(CallResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      status: 'interrupted',
      finishReason: 'interrupted',
      output: null,
      interrupts: [{ ref: 'c2', name: 'confirm', input: { id: 'x1' }, metadata: { question: 'Do x1?' } }],
    });
    expect(result.sessionId).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('finishes the turn and runs the effect once when resumed with restart', async () => {
    const { fn, effects } = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1' }, alice));
    const resume = { sessionId: first.sessionId, resume: { restart: [{ ref: 'c2', name: 'confirm' }] } };
    const done = await fn.run(callableRequest(resume, alice));
    expect(done).toMatchObject({ sessionId: first.sessionId, status: 'done', finishReason: 'stop', text: 'Done.' });
    expect(effects).toEqual(['x1']);
  });

  it('streams text, tool request, tool response and interrupt chunks when the client streams', async () => {
    const { fn } = confirmAgent();
    const response = recordingResponse();
    await fn.run(callableRequest({ message: 'do x1' }, { ...alice, acceptsStreaming: true }), response);
    const types = response.chunks.map((c) => c.type);
    expect(new Set(types)).toEqual(new Set(['text', 'toolRequest', 'toolResponse', 'interrupt']));
    expect(response.chunks.at(-1)).toEqual({
      type: 'interrupt',
      ref: 'c2',
      name: 'confirm',
      input: { id: 'x1' },
      metadata: { question: 'Do x1?' },
      inputDigest: inputDigest({ id: 'x1' }),
    });
  });

  it('refuses with permission-denied NOT_ALLOWED, and says nothing of it, when another user answers the session’s call', async () => {
    const { fn, effects } = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1' }, alice));
    for (const ref of ['c2', 'no-such-call']) {
      const resume = { sessionId: first.sessionId, resume: { restart: [{ ref, name: 'confirm' }] } };
      const error = await rejectionCode(fn.run(callableRequest(resume, { uid: 'mallory' })));
      expect(error).toMatchObject({ code: 'permission-denied', message: 'permission denied' });
      expect(error.details).toEqual({ reason: 'NOT_ALLOWED' });
    }
    expect(effects).toEqual([]);
  });

  it('answers an approver the tool admits with the calls they answered, nothing of the conversation, and streams them nothing', async () => {
    const effects: string[] = [];
    const refund = defineTool(
      {
        name: 'refund',
        description: 'Refunds, once a manager approves.',
        inputSchema: z.object({ id: z.string() }),
        sideEffects: 'idempotent',
        approvers: approversWithClaim('manager'),
      },
      ({ id }, ctx) => {
        if (!ctx.resumed) ctx.interrupt({ question: `Refund ${id}?` });
        effects.push(id);
        return { refunded: id };
      },
    );
    const model = scriptedModel(async (request: GenerateRequest) =>
      request.messages.at(-1)?.role === 'tool'
        ? 'Refunded, the secret order total was 42.'
        : call('refund', 'r1', { id: 'o1' }),
    );
    const agent = defineAgent({ name: 'refunds', model, tools: [refund], store: new InMemorySessionStore() });
    const fn = onCallFlow({}, agent);
    const first = await fn.run(callableRequest({ message: 'refund o1' }, alice));
    const data = { sessionId: first.sessionId, resume: { restart: [{ ref: 'r1', name: 'refund' }] } };
    const response = recordingResponse();
    const manager = { uid: 'max', claims: { manager: true }, acceptsStreaming: true };
    const result = await fn.run(callableRequest(data, manager), response);
    expect(ApprovalResultSchema.parse(result)).toEqual(result);
    expect(result).toEqual({
      sessionId: first.sessionId,
      status: 'answered',
      answered: [{ ref: 'r1', name: 'refund', answer: 'restart' }],
    });
    expect(response.chunks).toEqual([]);
    expect(effects).toEqual(['o1']);
  });

  it("refuses a resume on a session that does not exist as a stranger on another user's session is refused (NOT_ALLOWED)", async () => {
    const { fn } = confirmAgent();
    const resume = { restart: [{ ref: 'c2', name: 'confirm' }] };
    const error = await rejectionCode(fn.run(callableRequest({ sessionId: 'nope', resume }, alice)));
    // As a stranger's answer to another user's session is: nobody learns whether an id exists.
    expect(error).toMatchObject({ code: 'permission-denied', details: { reason: 'NOT_ALLOWED' } });
  });

  it('refuses with unauthenticated when nobody is signed in, whatever the policy', async () => {
    const agent = defineAgent({
      name: 'open',
      model: scriptedModel(benchProtocolReply),
      store: new InMemorySessionStore(),
    });
    const error = await rejectionCode(
      onCallFlow({ authPolicy: () => true }, agent).run(callableRequest({ message: 'hi' })),
    );
    expect(error.code).toBe('unauthenticated');
  });

  it('refuses with invalid-argument naming the field when the payload is malformed', async () => {
    const { fn, model } = confirmAgent();
    const error = await rejectionCode(fn.run(callableRequest({ sessionId: 42, message: 'hi' }, alice)));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('sessionId');
    expect(error.details).toMatchObject({ reason: 'INVALID_FIELD', field: 'sessionId' });
    expect(model.requests).toHaveLength(0);
  });

  it('refuses a media URL off the allowlist before any model call or session, and takes one on it', async () => {
    const store = new InMemorySessionStore();
    const model = scriptedModel(() => 'Nice picture.');
    const agent = defineAgent({ name: 'viewer', model, store });
    const fn = onCallFlow({ media: { allowUrlPrefixes: ['gs://uploads/'] } }, agent);
    const look = (url: string) => ({
      message: [{ text: 'what is this?' }, { media: { url, contentType: 'image/png' } }],
    });

    const error = await rejectionCode(fn.run(callableRequest(look('https://169.254.169.254/latest/'), alice)));
    expect(error).toMatchObject({
      code: 'invalid-argument',
      details: { reason: 'INVALID_FIELD', field: 'message.1.media.url' },
    });
    expect(model.requests).toHaveLength(0);

    const done = await fn.run(callableRequest(look('gs://uploads/alice/cat.png'), alice));
    expect(done).toMatchObject({ status: 'done', text: 'Nice picture.' });
  });

  it('refuses with invalid-argument when a resume names an unknown ref', async () => {
    const { fn } = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1' }, alice));
    const resume = { sessionId: first.sessionId, resume: { restart: [{ ref: 'zzz', name: 'confirm' }] } };
    expect((await rejectionCode(fn.run(callableRequest(resume, alice)))).code).toBe('invalid-argument');
  });

  it('refuses a resume that answers one interrupt twice by the second answer, and writes nothing', async () => {
    const { fn, effects, store } = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1' }, alice));
    const before = (await store.load(first.sessionId))?.session;
    const twice = { restart: [{ ref: 'c2', name: 'confirm' }], decline: [{ ref: 'c2', name: 'confirm' }] };
    const error = await rejectionCode(fn.run(callableRequest({ sessionId: first.sessionId, resume: twice }, alice)));
    expect(error).toMatchObject({
      code: 'invalid-argument',
      details: { reason: 'INVALID_FIELD', field: 'resume.decline.0.ref' },
    });
    expect((await store.load(first.sessionId))?.session).toEqual(before);
    expect(effects).toEqual([]);
  });

  it('returns the first result without calling the model again when a requestId is retried', async () => {
    const { fn, model } = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1', requestId: 'req-1' }, alice));
    const calls = model.requests.length;
    const retry = await fn.run(callableRequest({ message: 'do x1', requestId: 'req-1' }, alice));
    expect(retry).toEqual(first);
    expect(model.requests).toHaveLength(calls);
  });

  it('refuses a second call with aborted while a turn holds the session', async () => {
    let hold: Promise<void> | undefined;
    let entered = () => {};
    const { fn } = confirmAgent({
      beforeModel: async () => {
        entered();
        await hold;
      },
    });
    const opened = await fn.run(callableRequest({ message: 'do x1' }, alice));
    let open = () => {};
    hold = new Promise<void>((resolve) => {
      open = resolve;
    });
    const inModel = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const restart = { sessionId: opened.sessionId, resume: { restart: [{ ref: 'c2', name: 'confirm' }] } };
    const running = fn.run(callableRequest(restart, alice));
    await inModel;
    const error = await rejectionCode(
      fn.run(callableRequest({ sessionId: opened.sessionId, message: 'again' }, alice)),
    );
    expect(error.code).toBe('aborted');
    // The turn renews its lease while it runs: the caller is told to look again soon, not when the lease would lapse.
    expect(error.details).toMatchObject({ reason: 'SESSION_BUSY', retryAfterMs: RUNNING_TURN_POLL_MS });
    open();
    await expect(running).resolves.toMatchObject({ status: 'done' });
  });

  it('runs the turn to its end and stores its result for the request id when the client disconnects', async () => {
    const { fn, effects, store } = confirmAgent();
    const opened = await fn.run(callableRequest({ message: 'do x1' }, alice));
    const response = recordingResponse();
    const send = response.sendChunk;
    response.sendChunk = async (chunk) => {
      if (chunk.type === 'toolResponse' && chunk.name === 'confirm') response.disconnect();
      return send(chunk);
    };
    const restart = {
      sessionId: opened.sessionId,
      resume: { restart: [{ ref: 'c2', name: 'confirm' }] },
      requestId: 'r-gone',
    };
    const finished = await fn.run(callableRequest(restart, { ...alice, acceptsStreaming: true }), response);
    expect(finished).toMatchObject({ status: 'done', text: 'Done.' });
    expect((await store.load(opened.sessionId))?.session).toMatchObject({ status: 'idle' });
    // The client that comes back retries its request id and gets the stored result: nothing runs again.
    await expect(fn.run(callableRequest(restart, alice))).resolves.toEqual(finished);
    expect(effects).toEqual(['x1']);
  });

  it('aborts the turn, keeps what finished, stores it cancelled and frees the session when the client disconnects under cancel', async () => {
    const { fn, effects, store } = confirmAgent({}, { onDisconnect: 'cancel' });
    const opened = await fn.run(callableRequest({ message: 'do x1' }, alice));
    // The client goes away as soon as it sees the confirmed call's result.
    const response = recordingResponse();
    const send = response.sendChunk;
    response.sendChunk = async (chunk) => {
      if (chunk.type === 'toolResponse' && chunk.name === 'confirm') response.disconnect();
      return send(chunk);
    };
    const restart = { sessionId: opened.sessionId, resume: { restart: [{ ref: 'c2', name: 'confirm' }] } };
    const error = await rejectionCode(fn.run(callableRequest(restart, { ...alice, acceptsStreaming: true }), response));
    expect(error.code).toBe('aborted');
    expect((await store.load(opened.sessionId))?.session).toMatchObject({
      status: 'failed',
      error: { code: 'cancelled' },
    });
    // The lease is free and the finished call is on record: the retry finishes without running it again.
    await expect(fn.run(callableRequest(restart, alice))).resolves.toMatchObject({ status: 'done', text: 'Done.' });
    expect(effects).toEqual(['x1']);
  });

  it('refuses with failed-precondition and reason TOOL_CHANGED when a deploy changed the waiting call’s tool', async () => {
    const { fn, model, store, effects } = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1' }, alice));
    // The next deploy's `confirm` takes `orderId`, at version 2, with no migration from version 1's `id`.
    const confirmV2 = defineTool(
      { name: 'confirm', description: 'Does it.', inputSchema: z.object({ orderId: z.string() }), version: 2 },
      ({ orderId }) => ({ done: orderId }),
    );
    const deployed = onCallFlow({}, defineAgent({ name: 'confirmer', model, tools: [confirmV2], store }));
    const resume = { sessionId: first.sessionId, resume: { restart: [{ ref: 'c2', name: 'confirm' }] } };
    const error = await rejectionCode(deployed.run(callableRequest(resume, alice)));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'TOOL_CHANGED', name: 'confirm', ref: 'c2' },
    });
    expect(effects).toEqual([]);
  });
});
