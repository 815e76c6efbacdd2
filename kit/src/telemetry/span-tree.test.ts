import { SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAgent } from '../agent/index.js';
import { onCallFlow } from '../callable/on-call-flow.js';
import { callableRequest } from '../callable/test-utils/callable-request.js';
import { KitError } from '../errors/index.js';
import { defineFlow } from '../flow/index.js';
import { generate } from '../generate/index.js';
import { defineModel, type GenerateRequest, type ModelRunnerResponse } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore } from '../session/index.js';
import { defineTool } from '../tools/index.js';
import { recordSpans, type SpanRecorder } from './test-utils/span-recorder.js';

const call = (name: string, ref: string, input: unknown): ModelRunnerResponse => ({
  message: { role: 'model', content: [{ toolRequest: { name, ref, input } }] },
  finishReason: 'stop',
  usage: { inputTokens: 12, outputTokens: 3 },
});

function confirmer() {
  const lookup = defineTool(
    { name: 'lookup', description: 'Looks up.', inputSchema: z.object({ id: z.string() }) },
    ({ id }) => ({ id }),
  );
  const confirm = defineTool(
    { name: 'confirm', description: 'Does it.', inputSchema: z.object({ id: z.string() }) },
    ({ id }, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ question: `Do ${id}?` });
      return { done: id };
    },
  );
  const model = scriptedModel(
    (request: GenerateRequest) => {
      const last = request.messages.at(-1);
      const answered =
        last?.role === 'tool' ? last.content.map((p) => ('toolResponse' in p ? p.toolResponse.name : '')) : [];
      if (answered.includes('confirm')) return 'Done.';
      if (answered.includes('lookup')) return call('confirm', 'c2', { id: 'x1' });
      return call('lookup', 'c1', { id: 'x1' });
    },
    { name: 'googleai/gemini-2.5-flash' },
  );
  return defineAgent({ name: 'confirmer', model, tools: [lookup, confirm], store: new InMemorySessionStore() });
}

const confirmAgent = () => onCallFlow({}, confirmer());

const alice = { uid: 'alice' };
let recorder: SpanRecorder;
beforeAll(() => {
  recorder = recordSpans();
});
afterAll(() => recorder.stop());
beforeEach(() => recorder.reset());

const byName = (name: string) => recorder.spans().find((s) => s.name === name);

describe('telemetry spans', () => {
  it('nests turn, model calls and tool calls under the callable call when an agent turn interrupts', async () => {
    const fn = confirmAgent();
    const result = await fn.run(callableRequest({ message: 'do x1', requestId: 'req-1' }, alice));
    expect(recorder.tree()).toEqual([
      'callable confirmer',
      '  invoke_agent confirmer',
      '    round 0',
      '      chat googleai/gemini-2.5-flash',
      '      execute_tool lookup',
      '    round 1',
      '      chat googleai/gemini-2.5-flash',
      '      execute_tool confirm',
    ]);
    const turn = byName('invoke_agent confirmer');
    expect(turn?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'confirmer',
      'session.id': result.sessionId,
      'gen_ai.conversation.id': result.sessionId,
      'callable_flows.request_id': 'req-1',
      'callable_flows.status': 'interrupted',
      'gen_ai.usage.input_tokens': 24,
      'gen_ai.usage.output_tokens': 6,
    });
    expect(turn?.events.map((e) => [e.name, e.attributes])).toEqual([
      ['interrupt', { 'gen_ai.tool.name': 'confirm', 'gen_ai.tool.call.id': 'c2' }],
    ]);
    const chat = byName('chat googleai/gemini-2.5-flash');
    expect(chat?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'gcp.gemini',
      'gen_ai.request.model': 'googleai/gemini-2.5-flash',
      'gen_ai.response.model': 'googleai/gemini-2.5-flash',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 12,
      'gen_ai.usage.output_tokens': 3,
    });
    const tool = byName('execute_tool confirm');
    expect(tool?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'confirm',
      'gen_ai.tool.call.id': 'c2',
      'callable_flows.tool.interrupted': true,
    });
    expect(tool?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('records the resume as an event and the restarted tool as resumed when the turn is resumed', async () => {
    const fn = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1' }, alice));
    recorder.reset();
    await fn.run(
      callableRequest({ sessionId: first.sessionId, resume: { restart: [{ ref: 'c2', name: 'confirm' }] } }, alice),
    );
    expect(recorder.tree()).toEqual([
      'callable confirmer',
      '  invoke_agent confirmer',
      '    execute_tool confirm',
      '    round 0',
      '      chat googleai/gemini-2.5-flash',
    ]);
    const turn = byName('invoke_agent confirmer');
    expect(turn?.events.map((e) => [e.name, e.attributes])).toEqual([['resume', { replies: ['restart confirm#c2'] }]]);
    expect(byName('execute_tool confirm')?.attributes['callable_flows.tool.resumed']).toBe(true);
  });

  it('roots one tree at invoke_agent, its resume event naming a decline, when the agent is called without the callable', async () => {
    const agent = confirmer();
    const first = await agent.send(undefined, { message: 'do x1' }, alice);
    recorder.reset();
    const decline = [{ ref: 'c2', name: 'confirm', reason: 'not now' }];
    await agent.send(first.sessionId, { resume: { decline } }, alice);
    // A declined call does not run: no tool span, only the round that tells the model.
    expect(recorder.tree()).toEqual(['invoke_agent confirmer', '  round 0', '    chat googleai/gemini-2.5-flash']);
    const turn = byName('invoke_agent confirmer');
    expect(turn?.events.map((e) => [e.name, e.attributes])).toEqual([['resume', { replies: ['decline confirm#c2'] }]]);
  });

  it('marks the spans failed with the error code and reason when a call is refused', async () => {
    const fn = confirmAgent();
    const first = await fn.run(callableRequest({ message: 'do x1' }, alice));
    recorder.reset();
    await expect(
      fn.run(callableRequest({ sessionId: first.sessionId, message: 'hi' }, { uid: 'mallory' })),
    ).rejects.toThrow();
    const turn = byName('invoke_agent confirmer');
    expect(turn?.status.code).toBe(SpanStatusCode.ERROR);
    expect(turn?.attributes['error.type']).toBe('permission-denied');
    expect(byName('callable confirmer')?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('traces a stateless flow with its generate calls when called over the callable', async () => {
    const model = scriptedModel(['Short.'], { name: 'googleai/gemini-2.5-flash' });
    const flow = defineFlow(
      { name: 'summarise', inputSchema: z.object({ text: z.string() }), outputSchema: z.string() },
      async ({ text }) => (await generate({ model, prompt: text })).text,
    );
    await onCallFlow({}, flow).run(callableRequest({ text: 'long text' }, alice));
    expect(recorder.tree()).toEqual([
      'callable summarise',
      '  invoke_flow summarise',
      '    round 0',
      '      chat googleai/gemini-2.5-flash',
    ]);
    expect(byName('invoke_flow summarise')?.attributes['gen_ai.operation.name']).toBe('invoke_flow');
  });

  it('carries the error code and reason on the model call and the flow when the model is over quota', async () => {
    const model = defineModel({ name: 'googleai/gemini-2.5-pro' }, async () => {
      throw new KitError('resource-exhausted', 'quota', { reason: 'MODEL_QUOTA' });
    });
    const flow = defineFlow({ name: 'ask', inputSchema: z.string(), outputSchema: z.string() }, async (prompt) => {
      return (await generate({ model, prompt })).text;
    });
    await expect(flow.run('hi')).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect(recorder.tree()).toEqual(['invoke_flow ask', '  round 0', '    chat googleai/gemini-2.5-pro']);
    for (const name of ['invoke_flow ask', 'chat googleai/gemini-2.5-pro']) {
      const span = byName(name);
      expect(span?.status.code).toBe(SpanStatusCode.ERROR);
      expect(span?.attributes).toMatchObject({
        'error.type': 'resource-exhausted',
        'callable_flows.error.reason': 'MODEL_QUOTA',
      });
    }
  });

  it('types a foreign error as internal, without its words, when a flow throws one', async () => {
    const flow = defineFlow({ name: 'broken', inputSchema: z.string(), outputSchema: z.string() }, async () => {
      throw new TypeError('cannot read x of https://internal.example/?key=AIzaSyFAKE');
    });
    await expect(flow.run('hi')).rejects.toThrow(TypeError);
    const span = byName('invoke_flow broken');
    expect(span?.attributes['error.type']).toBe('internal');
    expect(JSON.stringify(span?.events)).not.toContain('internal.example');
  });

  it('records tool arguments and results, secrets redacted, only when content capture is on', async () => {
    const echo = defineTool(
      { name: 'echo', description: 'Echoes.', inputSchema: z.object({ note: z.string() }) },
      ({ note }) => ({ note }),
    );
    const model = scriptedModel([call('echo', 'e1', { note: 'key AIzaSyA1234567890abcdefghijklmnopqrstuv' }), 'ok']);
    await generate({ model, prompt: 'x', tools: [echo] });
    expect(byName('execute_tool echo')?.attributes['gen_ai.tool.call.arguments']).toBeUndefined();
    recorder.reset();
    process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT = 'true';
    try {
      await generate({
        model: scriptedModel([call('echo', 'e1', { note: 'key AIzaSyA1234567890abcdefghijklmnopqrstuv' }), 'ok']),
        prompt: 'x',
        tools: [echo],
      });
    } finally {
      delete process.env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT;
    }
    const attributes = byName('execute_tool echo')?.attributes ?? {};
    expect(attributes['gen_ai.tool.call.arguments']).toBe('{"note":"key [redacted]"}');
    expect(attributes['gen_ai.tool.call.result']).toBe('{"note":"key [redacted]"}');
  });
});
