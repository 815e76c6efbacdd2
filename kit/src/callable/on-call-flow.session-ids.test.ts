import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import { gate } from '../agent/test-utils/agent-fixtures.js';
import type { GenerateRequest, ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { defineTool } from '../tools/index.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest, rejectionCode } from './test-utils/callable-request.js';

const alice = { uid: 'alice' };
const mallory = { uid: 'mallory' };

const toolCall = (name: string): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, ref: 't1', input: {} } }] },
  finishReason: 'stop',
});

/** An agent whose model asks for `tool` when the message names it, else says what the message said (or throws `fails`). */
function agentCallable(options: { fails?: unknown; before?: () => Promise<void> } = {}) {
  const store = new InMemorySessionStore();
  const crash = defineTool(
    { name: 'crash', description: 'Fails.', inputSchema: z.object({}), onError: 'throw' },
    () => {
      throw new Error('the tool fell over');
    },
  );
  const verify = defineTool(
    { name: 'verify', description: 'Refuses on purpose.', inputSchema: z.object({}), onError: 'throw' },
    () => {
      throw new HttpsError('failed-precondition', 'verify your phone first', { reason: 'NOT_ALLOWED' });
    },
  );
  const model = scriptedModel(async (request: GenerateRequest) => {
    await options.before?.();
    if (options.fails !== undefined) throw options.fails;
    const said = request.messages.findLast((m) => m.role === 'user')?.content[0];
    const text = said && 'text' in said ? said.text : '';
    return text === 'crash' || text === 'verify' ? toolCall(text) : `you said ${text}`;
  });
  const agent = defineAgent({ name: 'ids', model, tools: [crash, verify], store });
  return { fn: onCallFlow({}, agent), store };
}

describe('onCallFlow: a first call’s session id', () => {
  it('creates the session under the id a first message brings, owned by the caller', async () => {
    const { fn, store } = agentCallable();
    const result = await fn.run(callableRequest({ sessionId: 'my-new-chat', message: 'hi' }, alice));
    expect(result).toMatchObject({ sessionId: 'my-new-chat', text: 'you said hi' });
    expect((await store.load('my-new-chat'))?.session.ownerUid).toBe('alice');
  });

  it.each([
    ['with an id of its own', { sessionId: 'first-own' }],
    ['with no id', {}],
  ])('names the session in internal when a first call’s model throws a plain Error (%s)', async (_how, over) => {
    const { fn, store } = agentCallable({ fails: new Error('socket hang up at 10.0.0.3') });
    const error = await rejectionCode(fn.run(callableRequest({ ...over, message: 'hi' }, alice)));
    expect(error).toMatchObject({ code: 'internal', message: 'internal error' });
    const details = error.details as { reason: string; sessionId: string };
    const named = 'sessionId' in over ? over.sessionId : expect.stringMatching(/^[A-Za-z0-9_-]+$/);
    expect(details).toEqual({ reason: 'INTERNAL', sessionId: named });
    expect((await store.load(details.sessionId))?.session).toMatchObject({ ownerUid: 'alice', status: 'failed' });
  });

  it('names the session in internal when a tool with onError throw throws a plain Error', async () => {
    const { fn } = agentCallable();
    const error = await rejectionCode(fn.run(callableRequest({ sessionId: 'tool-fails', message: 'crash' }, alice)));
    expect(error).toMatchObject({ code: 'internal', details: { reason: 'INTERNAL', sessionId: 'tool-fails' } });
  });

  it('passes a tool’s own HttpsError through, with the session named', async () => {
    const { fn } = agentCallable();
    const error = await rejectionCode(fn.run(callableRequest({ sessionId: 'tool-refuses', message: 'verify' }, alice)));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      message: 'verify your phone first',
      details: { reason: 'NOT_ALLOWED', sessionId: 'tool-refuses' },
    });
  });

  it('names the session in SESSION_BUSY when a first call with no id comes again while its turn runs', async () => {
    const held = gate();
    const entered = gate();
    const { fn } = agentCallable({
      before: async () => {
        entered.open();
        await held.promise;
      },
    });
    const first = fn.run(callableRequest({ message: 'hi', requestId: 'r-1' }, alice));
    await entered.promise;
    const busy = await rejectionCode(fn.run(callableRequest({ message: 'hi', requestId: 'r-1' }, alice)));
    held.open();
    const { sessionId } = await first;
    expect(busy).toMatchObject({ code: 'aborted', details: { reason: 'SESSION_BUSY', sessionId } });
  });

  it('refuses another user’s session id with permission-denied NOT_OWNER (NOT_ALLOWED for an answer), naming nothing of it', async () => {
    const { fn, store } = agentCallable();
    await fn.run(callableRequest({ sessionId: 'alices-chat', message: 'hi' }, alice));
    const before = await store.load('alices-chat');
    for (const [data, reason] of [
      [{ sessionId: 'alices-chat', message: 'hi' }, 'NOT_OWNER'],
      // A resume from someone else is an answer, which only an approver its tool admits may give.
      [{ sessionId: 'alices-chat', resume: { decline: [{ ref: 't1', name: 'crash' }] } }, 'NOT_ALLOWED'],
      [{ sessionId: 'alices-chat', stop: true }, 'NOT_OWNER'],
    ] as const) {
      const error = await rejectionCode(fn.run(callableRequest(data, mallory)));
      expect(error).toMatchObject({ code: 'permission-denied', message: 'permission denied' });
      expect(error.details).toEqual({ reason });
    }
    expect((await store.load('alices-chat'))?.session).toEqual(before?.session);
  });
});
