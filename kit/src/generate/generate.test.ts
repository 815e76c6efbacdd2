import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GenerateResponseChunk, Message } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { benchProtocolReply } from '../test-utils/bench-protocol-reply.js';
import { toolCalls as calls, rejection } from '../test-utils/kit-test-helpers.js';
import { testTools } from '../test-utils/protocol-tools.js';
import { defineTool } from '../tools/index.js';
import { generate } from './generate.js';

describe('generate', () => {
  it('answers with text when the model calls no tool', async () => {
    const result = await generate({ model: scriptedModel(benchProtocolReply), prompt: 'hello' });
    expect(result.text).toBe('echo: hello');
    expect(result.finishReason).toBe('stop');
    expect(result.rounds).toBe(1);
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'model']);
  });

  it('feeds tool results back until the model answers when tools are called over two rounds', async () => {
    const { lookup, calls: toolCalls } = testTools();
    const result = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: lookup*1 > lookup*8',
      tools: [lookup],
    });
    expect(result.text).toBe('done: 2 tool round(s), 9 tool result(s)');
    expect(result.rounds).toBe(3);
    expect(toolCalls).toHaveLength(9);
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model', 'tool', 'model']);
  });

  it('runs the tool requests of one round in parallel', async () => {
    let running = 0;
    let maxRunning = 0;
    const slow = defineTool(
      { name: 'lookup', description: 'slow', inputSchema: z.object({ id: z.string() }) },
      async ({ id }) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        return id;
      },
    );
    await generate({ model: scriptedModel(benchProtocolReply), prompt: 'script: lookup*4', tools: [slow] });
    expect(maxRunning).toBe(4);
  });

  it('keeps two calls of the same tool apart by ref when both run in one round', async () => {
    const { lookup } = testTools();
    const model = scriptedModel([
      calls({ name: 'lookup', ref: 'a', input: { id: 'x' } }, { name: 'lookup', ref: 'b', input: { id: 'yyy' } }),
      'ok',
    ]);
    const result = await generate({ model, prompt: 'go', tools: [lookup] });
    const tool = result.messages[2] as Message;
    expect(tool.content).toEqual([
      { toolResponse: { name: 'lookup', ref: 'a', output: { value: 1 } } },
      { toolResponse: { name: 'lookup', ref: 'b', output: { value: 3 } } },
    ]);
  });

  it('gives every tool request a unique ref when the model names none', async () => {
    const { lookup, calls: toolCalls } = testTools();
    const model = scriptedModel([
      calls({ name: 'lookup', input: { id: 'x' } }, { name: 'lookup', input: { id: 'y' } }),
      'ok',
    ]);
    const result = await generate({ model, prompt: 'go', tools: [lookup] });
    const refs = toolCalls.map((c) => c.ref);
    expect(new Set(refs).size).toBe(2);
    const responses = (result.messages[2] as Message).content.map((p) =>
      'toolResponse' in p ? p.toolResponse.ref : '',
    );
    expect(responses).toEqual(refs);
  });

  it('answers the model with the bad fields and never runs the tool when its input is invalid', async () => {
    const { lookup, calls: toolCalls } = testTools();
    const model = scriptedModel([calls({ name: 'lookup', ref: 'r', input: { id: 42 } }), 'sorry']);
    const result = await generate({ model, prompt: 'go', tools: [lookup] });
    expect(toolCalls).toHaveLength(0);
    const response = (result.messages[2] as Message).content[0];
    expect(response).toMatchObject({
      toolResponse: { name: 'lookup', ref: 'r', output: { error: expect.stringContaining('id') } },
      metadata: { toolError: { code: 'invalid-argument', fields: [{ path: 'id' }] } },
    });
    expect(result.text).toBe('sorry');
  });

  it('tells the model about a failing tool so it can change course by default', async () => {
    const broken = defineTool({ name: 'broken', description: 'fails' }, () => {
      throw new Error('database is down');
    });
    const model = scriptedModel([calls({ name: 'broken', ref: 'r' }), 'I could not look that up']);
    const result = await generate({ model, prompt: 'go', tools: [broken] });
    expect((result.messages[2] as Message).content[0]).toMatchObject({
      toolResponse: { output: { error: 'database is down' } },
      metadata: { toolError: { code: 'unknown' } },
    });
    expect(result.text).toBe('I could not look that up');
  });

  it("ends the turn with the tool's error when the tool says onError 'throw'", async () => {
    const strict = defineTool({ name: 'strict', description: 'fails', onError: 'throw' }, () => {
      throw new Error('fatal');
    });
    const model = scriptedModel([calls({ name: 'strict', ref: 'r' }), 'never']);
    await expect(generate({ model, prompt: 'go', tools: [strict] })).rejects.toThrow('fatal');
    expect(model.requests).toHaveLength(1);
  });

  it('tells the model the call timed out when a tool passes its timeout', async () => {
    const stuck = defineTool(
      { name: 'stuck', description: 'hangs', timeoutMs: 20 },
      () => new Promise<never>(() => {}),
    );
    const model = scriptedModel([calls({ name: 'stuck', ref: 'r' }), 'it timed out']);
    const result = await generate({ model, prompt: 'go', tools: [stuck] });
    expect((result.messages[2] as Message).content[0]).toMatchObject({
      toolResponse: { output: { error: "tool 'stuck' timed out after 20 ms" } },
      metadata: { toolError: { code: 'deadline-exceeded' } },
    });
  });

  it('tells the model a tool does not exist when it calls an unknown one', async () => {
    const { lookup } = testTools();
    const model = scriptedModel([calls({ name: 'nope', ref: 'r' }), 'ok']);
    const result = await generate({ model, prompt: 'go', tools: [lookup] });
    expect((result.messages[2] as Message).content[0]).toMatchObject({
      toolResponse: { name: 'nope', output: { error: "unknown tool 'nope'; the tools are: lookup" } },
    });
  });

  it('aborts the running tool and rejects with aborted when the signal fires mid-tool', async () => {
    const controller = new AbortController();
    let toolSignal: AbortSignal | undefined;
    const waits = defineTool({ name: 'waits', description: 'waits for abort' }, (_input, ctx) => {
      toolSignal = ctx.signal;
      setTimeout(() => controller.abort(), 5);
      return new Promise<never>(() => {});
    });
    const model = scriptedModel([calls({ name: 'waits', ref: 'r' }), 'never']);
    const error = await rejection(generate({ model, prompt: 'go', tools: [waits], signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect(toolSignal?.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
  });

  it('rejects with aborted before calling the model when the signal has already fired', async () => {
    const model = scriptedModel(benchProtocolReply);
    const error = await rejection(generate({ model, prompt: 'hi', signal: AbortSignal.abort() }));
    expect(error.code).toBe('aborted');
  });

  it('does not start tools when the caller aborted while the model was answering', async () => {
    const { lookup, calls: toolCalls } = testTools();
    const controller = new AbortController();
    const model = scriptedModel([
      () => {
        controller.abort();
        return calls({ name: 'lookup', ref: 'r', input: { id: 'x' } });
      },
    ]);
    const error = await rejection(generate({ model, prompt: 'go', tools: [lookup], signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect(toolCalls).toHaveLength(0);
  });

  it('stops with finishReason aborted and the messages so far when maxTurns is reached', async () => {
    const { lookup, calls: toolCalls } = testTools();
    const result = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: lookup*1 > lookup*1 > lookup*1',
      tools: [lookup],
      maxTurns: 2,
    });
    expect(result.finishReason).toBe('aborted');
    expect(result.finishMessage).toMatch(/maxTurns/);
    expect(result.rounds).toBe(3);
    expect(toolCalls).toHaveLength(2);
    expect(result.messages.at(-1)?.role).toBe('model');
  });

  it('allows exactly maxTurns tool rounds before the answer', async () => {
    const { lookup } = testTools();
    const result = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: lookup*1 > lookup*1',
      tools: [lookup],
      maxTurns: 2,
    });
    expect(result.finishReason).toBe('stop');
    expect(result.rounds).toBe(3);
  });

  it('returns the tool requests without running them when returnToolRequests is set', async () => {
    const { lookup, calls: toolCalls } = testTools();
    const result = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: lookup*2',
      tools: [lookup],
      returnToolRequests: true,
    });
    expect(toolCalls).toHaveLength(0);
    expect(result.toolRequests.map((p) => p.toolRequest.ref)).toEqual(['r0.0', 'r0.1']);
  });

  it('rejects two tools with one name as invalid-argument', async () => {
    const { lookup } = testTools();
    const twin = defineTool({ name: 'lookup', description: 'twin' }, () => 1);
    const error = await rejection(
      generate({ model: scriptedModel(benchProtocolReply), prompt: 'x', tools: [lookup, twin] }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain("'lookup'");
  });

  it('finds a tool by its short name when the model drops the namespace', async () => {
    const namespaced = defineTool({ name: 'orders/lookup', description: 'ns' }, () => 'found');
    const model = scriptedModel([calls({ name: 'lookup', ref: 'r' }), 'ok']);
    const result = await generate({ model, prompt: 'go', tools: [namespaced] });
    expect((result.messages[2] as Message).content[0]).toMatchObject({ toolResponse: { output: 'found' } });
  });

  it('passes toolChoice, config, docs and tool definitions to the model', async () => {
    const { lookup } = testTools();
    const model = scriptedModel(['ok'], { supports: { tools: true, context: true, toolChoice: true } });
    await generate({
      model,
      prompt: 'go',
      tools: [lookup],
      toolChoice: 'required',
      config: { temperature: 0.2, vendorKnob: 'x' },
      docs: [{ content: [{ text: 'doc' }] }],
    });
    const request = model.requests[0];
    expect(request?.toolChoice).toBe('required');
    expect(request?.config).toEqual({ temperature: 0.2, vendorKnob: 'x' });
    expect(request?.docs).toHaveLength(1);
    expect(request?.tools?.[0]).toMatchObject({
      name: 'lookup',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    });
  });

  it('puts the system prompt first and rejects a second one', async () => {
    const model = scriptedModel(['ok']);
    const result = await generate({ model, system: 'be brief', prompt: 'hi' });
    expect(result.messages[0]).toEqual({ role: 'system', content: [{ text: 'be brief' }] });
    const error = await rejection(
      generate({ model, system: 'a', messages: [{ role: 'system', content: [{ text: 'b' }] }], prompt: 'hi' }),
    );
    expect(error.code).toBe('invalid-argument');
  });

  it('rejects a malformed message naming its index', async () => {
    const messages = [
      { role: 'user', content: [{ text: 'ok' }] },
      { role: 'robot', content: [] },
    ] as unknown as Message[];
    const error = await rejection(generate({ model: scriptedModel(benchProtocolReply), messages }));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('messages[1]');
  });

  it('rejects a prompt of malformed parts as invalid-argument when the prompt is not a string', async () => {
    const prompt = [{ text: 'ok' }, { robot: true }] as unknown as string;
    const error = await rejection(generate({ model: scriptedModel(benchProtocolReply), prompt }));
    expect(error.code).toBe('invalid-argument');
  });

  it('sums usage over every model call', async () => {
    const usage = { inputTokens: 10, outputTokens: 2, thoughtsTokens: 1 };
    const model = scriptedModel([
      { ...calls({ name: 'lookup', ref: 'r', input: { id: 'a' } }), usage },
      { message: { role: 'model', content: [{ text: 'ok' }] }, finishReason: 'stop', usage },
    ]);
    const result = await generate({ model, prompt: 'go', tools: [testTools().lookup] });
    expect(result.usage).toEqual({ inputTokens: 20, outputTokens: 4, thoughtsTokens: 2 });
  });
});

describe('generate streaming', () => {
  it('streams model text, one chunk per tool response, in message order', async () => {
    const { lookup } = testTools();
    const chunks: GenerateResponseChunk[] = [];
    await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: lookup*2',
      tools: [lookup],
      onChunk: (c) => chunks.push(c),
    });
    const summary = chunks.map((c) => `${c.index}:${c.role}:${Object.keys(c.content[0] ?? {})[0]}`);
    const textChunks = summary.filter((s) => s === '2:model:text').length;
    expect(textChunks).toBeGreaterThan(1);
    expect(summary).toEqual([
      '0:model:toolRequest',
      '0:model:toolRequest',
      '1:tool:toolResponse',
      '1:tool:toolResponse',
      ...Array<string>(textChunks).fill('2:model:text'),
    ]);
    const text = chunks
      .filter((c) => c.index === 2)
      .map((c) => (c.content[0] as { text: string }).text)
      .join('');
    expect(text).toBe('done: 1 tool round(s), 2 tool result(s)');
  });

  it('streams a tool request without a ref only once its ref is known', async () => {
    const { lookup } = testTools();
    const chunks: GenerateResponseChunk[] = [];
    const model = scriptedModel([
      {
        message: {
          role: 'model',
          content: [{ text: 'Looking… ' }, { toolRequest: { name: 'lookup', input: { id: 'x' } } }],
        },
        finishReason: 'stop',
      },
      'found',
    ]);
    const result = await generate({ model, prompt: 'go', tools: [lookup], onChunk: (c) => chunks.push(c) });
    const requests = chunks.flatMap((c) => c.content.filter((p) => 'toolRequest' in p));
    const stored = result.messages[1]?.content[1];
    expect(requests).toEqual([stored]);
    expect((stored as { toolRequest: { ref?: string } }).toolRequest.ref).toEqual(expect.any(String));
  });

  it('sends a model that does not stream as one chunk', async () => {
    const chunks: GenerateResponseChunk[] = [];
    await generate({
      model: scriptedModel(['whole answer'], { stream: false }),
      prompt: 'x',
      onChunk: (c) => chunks.push(c),
    });
    expect(chunks).toEqual([{ index: 0, role: 'model', content: [{ text: 'whole answer' }] }]);
  });

  it('ends the stream with an interrupt chunk when a tool interrupts', async () => {
    const { guarded } = testTools();
    const chunks: GenerateResponseChunk[] = [];
    const result = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: guarded*1',
      tools: [guarded],
      onChunk: (c) => chunks.push(c),
    });
    expect(chunks.at(-1)).toEqual({ index: 0, role: 'model', content: result.interrupts });
    expect(chunks.at(-1)?.content[0]?.metadata?.interrupt).toEqual({ reason: 'approval needed', id: 'r0.0' });
  });
});

describe('generate structured output', () => {
  const Person = z.object({ name: z.string(), age: z.number() });

  it('parses and validates the answer when an output schema is given', async () => {
    const model = scriptedModel(['```json\n{"name":"Ada","age":36}\n```']);
    const result = await generate({ model, prompt: 'who?', output: { schema: Person } });
    expect(result.output).toEqual({ name: 'Ada', age: 36 });
  });

  it('asks the model for the schema in the prompt when it cannot constrain', async () => {
    const model = scriptedModel(['{"name":"Ada","age":36}']);
    await generate({ model, prompt: 'who?', output: { schema: Person } });
    const request = model.requests[0];
    expect(request?.output?.constrained).toBe(false);
    const user = request?.messages.at(-1);
    expect(user?.content.at(-1)).toMatchObject({
      metadata: { purpose: 'output' },
      text: expect.stringContaining('"age"'),
    });
  });

  it('lets a model that constrains natively enforce the schema', async () => {
    const model = scriptedModel(['{"name":"Ada","age":36}'], { supports: { constrained: 'all' } });
    await generate({ model, prompt: 'who?', output: { schema: Person } });
    expect(model.requests[0]?.output).toMatchObject({ constrained: true, format: 'json', schema: { type: 'object' } });
    expect(model.requests[0]?.messages.at(-1)?.content).toHaveLength(1);
  });

  it('rejects with an error that carries the raw text when the answer is not the schema', async () => {
    const model = scriptedModel(['{"name":"Ada"}']);
    const error = await generate({ model, prompt: 'who?', output: { schema: Person } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'OutputParseError', rawText: '{"name":"Ada"}' });
    expect((error as Error).message).toContain('age');
  });
});
