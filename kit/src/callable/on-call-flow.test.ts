import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFlow } from '../flow/index.js';
import { generate } from '../generate/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { defineTool } from '../tools/index.js';
import { hasClaim } from './auth-policy.js';
import { callerUid } from './caller-context.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest, recordingResponse, rejectionCode } from './test-utils/callable-request.js';

const AnswerSchema = z.object({ answer: z.string(), uid: z.string().optional() });

function askFlow(options: { delayMs?: number } = {}) {
  const lookup = defineTool(
    { name: 'lookup', description: 'Looks a word up.', inputSchema: z.object({ word: z.string() }) },
    ({ word }) => `${word} means hello`,
  );
  const model = scriptedModel(
    [
      {
        message: { role: 'model', content: [{ toolRequest: { name: 'lookup', ref: 'c1', input: { word: 'hola' } } }] },
        finishReason: 'stop',
      },
      '{"answer":"hola means hello"}',
    ],
    { delayMs: options.delayMs ?? 0 },
  );
  return defineFlow(
    { name: 'ask', inputSchema: z.object({ question: z.string().min(1) }), outputSchema: AnswerSchema },
    async ({ question }, ctx) => {
      const result = await generate({
        model,
        prompt: question,
        tools: [lookup],
        output: { schema: AnswerSchema },
        onChunk: ctx.onChunk,
        signal: ctx.signal,
        context: ctx.context,
      });
      return { answer: result.output?.answer ?? '', uid: callerUid(ctx.context) };
    },
  );
}

describe('onCallFlow with a flow', () => {
  it('returns the flow output when a signed-in user calls', async () => {
    const fn = onCallFlow({}, askFlow());
    await expect(fn.run(callableRequest({ question: 'hola?' }, { uid: 'u1' }))).resolves.toEqual({
      answer: 'hola means hello',
      uid: 'u1',
    });
  });

  it('refuses with unauthenticated when nobody is signed in and the default policy applies', async () => {
    const error = await rejectionCode(onCallFlow({}, askFlow()).run(callableRequest({ question: 'x' })));
    expect(error.code).toBe('unauthenticated');
  });

  it('refuses with permission-denied when the policy refuses a signed-in caller', async () => {
    const fn = onCallFlow({ authPolicy: hasClaim('admin') }, askFlow());
    expect((await rejectionCode(fn.run(callableRequest({ question: 'x' }, { uid: 'u1' })))).code).toBe(
      'permission-denied',
    );
    await expect(
      fn.run(callableRequest({ question: 'x' }, { uid: 'u1', claims: { admin: true } })),
    ).resolves.toMatchObject({ answer: 'hola means hello' });
  });

  it('runs for a caller with no auth when the policy allows anyone', async () => {
    const fn = onCallFlow({ authPolicy: () => true }, askFlow());
    await expect(fn.run(callableRequest({ question: 'x' }))).resolves.toEqual({ answer: 'hola means hello' });
  });

  it('refuses with invalid-argument naming the field when the input is malformed', async () => {
    const error = await rejectionCode(onCallFlow({}, askFlow()).run(callableRequest({ question: 7 }, { uid: 'u1' })));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('question');
  });

  it('streams text, tool request and tool response chunks when the client accepts streaming', async () => {
    const response = recordingResponse();
    await onCallFlow({}, askFlow()).run(
      callableRequest({ question: 'hola?' }, { uid: 'u1', acceptsStreaming: true }),
      response,
    );
    const types = new Set(response.chunks.map((c) => c.type));
    expect(types).toEqual(new Set(['toolRequest', 'toolResponse', 'text']));
    expect(response.chunks).toContainEqual({
      type: 'toolResponse',
      ref: 'c1',
      name: 'lookup',
      output: 'hola means hello',
    });
  });

  it('sends nothing when the client does not stream', async () => {
    const response = recordingResponse();
    await onCallFlow({}, askFlow()).run(callableRequest({ question: 'hola?' }, { uid: 'u1' }), response);
    expect(response.chunks).toEqual([]);
  });

  it('aborts the running tool when the client disconnects', async () => {
    const response = recordingResponse();
    let toolSignal: AbortSignal | undefined;
    const slow = defineTool({ name: 'slow', description: 'Takes its time.' }, async (_input, ctx) => {
      toolSignal = ctx.signal;
      response.disconnect();
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
      return 'late';
    });
    const model = scriptedModel([
      {
        message: { role: 'model', content: [{ toolRequest: { name: 'slow', ref: 's1', input: {} } }] },
        finishReason: 'stop',
      },
      'never reached',
    ]);
    const flow = defineFlow(
      { name: 'slowFlow', inputSchema: z.object({}), outputSchema: z.string() },
      async (_i, ctx) => {
        const result = await generate({ model, prompt: 'go', tools: [slow], signal: ctx.signal });
        return result.text;
      },
    );
    const error = await rejectionCode(onCallFlow({}, flow).run(callableRequest({}, { uid: 'u1' }), response));
    expect(error.code).toBe('aborted');
    expect(toolSignal?.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
  });

  it('stops before the next model call when the client disconnects mid-stream', async () => {
    const response = recordingResponse();
    const sendChunk = response.sendChunk;
    response.sendChunk = async (chunk) => {
      response.disconnect();
      return sendChunk(chunk);
    };
    const flow = askFlow();
    const error = await rejectionCode(
      onCallFlow({}, flow).run(callableRequest({ question: 'x' }, { uid: 'u1', acceptsStreaming: true }), response),
    );
    expect(error.code).toBe('aborted');
    expect(response.chunks.map((c) => c.type)).toEqual(['toolRequest']);
  });

  it('surfaces internal with only the reason INTERNAL when the flow fails unexpectedly', async () => {
    const flow = defineFlow({ name: 'boom', inputSchema: z.object({}), outputSchema: z.object({}) }, () => {
      throw new Error('db password is hunter2');
    });
    const error = await rejectionCode(onCallFlow({}, flow).run(callableRequest({}, { uid: 'u1' })));
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('hunter2');
    expect(error.details).toEqual({ reason: 'INTERNAL' });
  });

  it('passes the onCall options to the deployed endpoint when they are given', () => {
    const fn = onCallFlow(
      { region: 'europe-west1', memory: '512MiB', timeoutSeconds: 120, concurrency: 20, minInstances: 1 },
      askFlow(),
    );
    expect(fn.__endpoint).toMatchObject({
      region: ['europe-west1'],
      availableMemoryMb: 512,
      timeoutSeconds: 120,
      concurrency: 20,
      minInstances: 1,
      callableTrigger: {},
    });
  });

  it('loads the flow once, on the first call, when given a loader', async () => {
    let loads = 0;
    const echo = defineFlow({ name: 'echo', inputSchema: z.string(), outputSchema: z.string() }, (text) => text);
    const fn = onCallFlow({}, async () => {
      loads++;
      return echo;
    });
    expect(loads).toBe(0);
    await expect(fn.run(callableRequest('a', { uid: 'u1' }))).resolves.toBe('a');
    await expect(fn.run(callableRequest('b', { uid: 'u1' }))).resolves.toBe('b');
    expect(loads).toBe(1);
  });

  it('tries the loader again on the next call when it failed', async () => {
    let loads = 0;
    const fn = onCallFlow({}, async () => {
      loads++;
      if (loads === 1) throw new Error('module not found');
      return askFlow();
    });
    expect((await rejectionCode(fn.run(callableRequest({ question: 'a' }, { uid: 'u1' })))).code).toBe('internal');
    await expect(fn.run(callableRequest({ question: 'a' }, { uid: 'u1' }))).resolves.toMatchObject({
      answer: 'hola means hello',
    });
  });
});
