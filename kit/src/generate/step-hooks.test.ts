import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KitError } from '../errors/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { benchProtocolReply } from '../test-utils/bench-protocol-reply.js';
import { toolCalls as calls, rejection } from '../test-utils/kit-test-helpers.js';
import { testTools } from '../test-utils/protocol-tools.js';
import { defineTool } from '../tools/index.js';
import { applyResume } from './apply-resume.js';
import { generate } from './generate.js';
import type { ToolResultStep } from './generate-options.js';
import { repliesOfOptions } from './resume-reply.js';
import { hasToolCall, stepCountIs } from './stop-condition.js';
import { toToolMap } from './to-tool-map.js';

describe('generate step hooks', () => {
  it('tells onModelResponse each model message, refs assigned, before its tools run', async () => {
    const { lookup, calls: ran } = testTools();
    const model = scriptedModel([calls({ name: 'lookup', input: { id: 'ab' } }), 'done']);
    const seen: { round: number; ref: string | undefined; toolsRunBefore: number }[] = [];
    await generate({
      model,
      prompt: 'go',
      tools: [lookup],
      onModelResponse: ({ round, message }) => {
        const request = message.content.find((p) => 'toolRequest' in p);
        const ref = request && 'toolRequest' in request ? request.toolRequest.ref : undefined;
        seen.push({ round, ref, toolsRunBefore: ran.length });
      },
    });
    expect(seen).toHaveLength(2);
    expect(seen[0]?.round).toBe(0);
    expect(seen[0]?.toolsRunBefore).toBe(0);
    // The ref the hook saw is the one the tool ran with: refs are assigned once.
    expect(seen[0]?.ref).toBe(ran[0]?.ref);
    expect(seen[0]?.ref).toMatch(/[0-9a-f-]{36}/);
  });

  it('tells onToolResult each finished call once, before the next model call', async () => {
    const { lookup } = testTools();
    const model = scriptedModel([
      calls({ name: 'lookup', ref: 'a', input: { id: 'x' } }, { name: 'lookup', ref: 'b', input: { id: 'yy' } }),
      'done',
    ]);
    const steps: ToolResultStep[] = [];
    await generate({ model, prompt: 'go', tools: [lookup], onToolResult: (step) => void steps.push(step) });
    expect(steps.map((s) => [s.request.toolRequest.ref, s.response.toolResponse.output, s.tool?.name])).toEqual([
      ['a', { value: 1 }, 'lookup'],
      ['b', { value: 2 }, 'lookup'],
    ]);
    expect(model.requests).toHaveLength(2);
  });

  it('ends the generation, after every call of the round has settled, when onToolResult rejects', async () => {
    let slowFinished = false;
    const slow = defineTool({ name: 'slow', description: 'slow', inputSchema: z.object({}) }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      slowFinished = true;
      return 'ok';
    });
    const fast = defineTool({ name: 'fast', description: 'fast', inputSchema: z.object({}) }, () => 'ok');
    const model = scriptedModel([calls({ name: 'fast', input: {} }, { name: 'slow', input: {} }), 'done']);
    const error = await rejection(
      generate({
        model,
        prompt: 'go',
        tools: [fast, slow],
        onToolResult: ({ tool }) => {
          if (tool?.name === 'fast') throw new KitError('unavailable', 'the journal could not be written');
        },
      }),
    );
    expect(error.code).toBe('unavailable');
    expect(slowFinished).toBe(true);
    expect(model.requests).toHaveLength(1);
  });

  it('waits for a running sibling before a tool with onError throw ends the turn', async () => {
    let siblingFinished = false;
    const results: string[] = [];
    const slow = defineTool({ name: 'slow', description: 'slow', inputSchema: z.object({}) }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      siblingFinished = true;
      return 'ok';
    });
    const broken = defineTool(
      { name: 'broken', description: 'broken', inputSchema: z.object({}), onError: 'throw' },
      () => {
        throw new KitError('unavailable', 'down');
      },
    );
    const model = scriptedModel([calls({ name: 'broken', input: {} }, { name: 'slow', input: {} })]);
    const error = await rejection(
      generate({
        model,
        prompt: 'go',
        tools: [broken, slow],
        onToolResult: ({ request }) => void results.push(request.toolRequest.name),
      }),
    );
    expect(error.message).toBe('down');
    expect(siblingFinished).toBe(true);
    expect(results).toEqual(['slow']);
  });

  it('lets prepareStep pick the model and the tools offered for each model call', async () => {
    const { lookup, confirm } = testTools();
    const first = scriptedModel([calls({ name: 'lookup', input: { id: 'a' } })]);
    const second = scriptedModel(['second model answered']);
    const result = await generate({
      model: first,
      prompt: 'go',
      tools: [lookup, confirm],
      prepareStep: ({ round }) => (round === 0 ? { activeTools: ['lookup'] } : { model: second }),
    });
    expect(result.text).toBe('second model answered');
    expect(first.requests[0]?.tools?.map((t) => t.name)).toEqual(['lookup']);
    expect(second.requests).toHaveLength(1);
    expect(second.requests[0]?.tools?.map((t) => t.name)).toEqual(['lookup', 'confirm']);
  });

  it("runs a prepared step's model through the generation's middleware, and the given model again after it", async () => {
    const { lookup } = testTools();
    const first = scriptedModel([calls({ name: 'lookup', input: { id: 'a' } }), 'first model answered']);
    const second = scriptedModel([calls({ name: 'lookup', input: { id: 'b' } })]);
    const wrapped: number[] = [];
    const result = await generate({
      model: first,
      prompt: 'go',
      tools: [lookup],
      use: [
        (request, options, next) => {
          wrapped.push(request.messages.length);
          return next(request, options);
        },
      ],
      prepareStep: ({ round }) => (round === 1 ? { model: second } : {}),
    });
    expect(result.text).toBe('first model answered');
    expect(first.requests).toHaveLength(2);
    expect(second.requests).toHaveLength(1);
    expect(wrapped).toEqual([1, 3, 5]);
  });
});

describe('stop conditions', () => {
  const finish = defineTool(
    {
      name: 'finish',
      description: 'ends the task with its result',
      inputSchema: z.object({ summary: z.string() }),
      outputSchema: z.object({ done: z.literal(true), summary: z.string() }),
      stop: true,
    },
    ({ summary }) => ({ done: true as const, summary }),
  );

  it('ends the loop with the stop tool output and no further model call when a stop tool answers', async () => {
    const model = scriptedModel([calls({ name: 'finish', input: { summary: 'all set' } }), 'never asked']);
    const result = await generate({ model, prompt: 'go', tools: [finish] });
    expect(model.requests).toHaveLength(1);
    expect(result.finishReason).toBe('stop');
    expect(result.output).toEqual({ done: true, summary: 'all set' });
    expect(result.messages.at(-1)?.role).toBe('tool');
  });

  it('goes on to the model when the stop tool failed, so the model can correct it', async () => {
    const model = scriptedModel([calls({ name: 'finish', input: { summary: 3 } }), 'retried in words']);
    const result = await generate({ model, prompt: 'go', tools: [finish] });
    expect(model.requests).toHaveLength(2);
    expect(result.text).toBe('retried in words');
  });

  it('goes on to the model once a person answered when the stop tool failed in a round that asked them', async () => {
    const { confirm } = testTools();
    const model = scriptedModel([
      calls({ name: 'finish', ref: 'f', input: { summary: 3 } }, { name: 'confirm', ref: 'c', input: { id: 'q' } }),
      'retried in words',
    ]);
    const tools = [finish, confirm];
    const first = await generate({ model, prompt: 'go', tools });
    const asked = first.interrupts[0] as ToolRequestPart;
    const result = await generate({
      model,
      messages: first.messages,
      tools,
      resume: { respond: [confirm.respond(asked, { ok: true })] },
    });
    expect(model.requests).toHaveLength(2);
    expect(result.text).toBe('retried in words');
  });

  it('stops after the rounds stopWhen counts', async () => {
    const { lookup } = testTools();
    const model = scriptedModel(benchProtocolReply);
    const result = await generate({
      model,
      prompt: 'script: lookup*1 > lookup*2 > lookup*1',
      tools: [lookup],
      stopWhen: stepCountIs(2),
    });
    expect(model.requests).toHaveLength(2);
    expect(result.finishReason).toBe('stop');
    expect((result.messages.at(-1) as Message).role).toBe('tool');
  });

  it('stops once the model called the tool hasToolCall names', async () => {
    const { lookup, confirm } = testTools();
    const model = scriptedModel([
      calls({ name: 'lookup', input: { id: 'a' } }),
      calls({ name: 'lookup', input: { id: 'b' } }),
    ]);
    const result = await generate({
      model,
      prompt: 'go',
      tools: [lookup, confirm],
      stopWhen: [hasToolCall('confirm'), hasToolCall('lookup')],
    });
    expect(model.requests).toHaveLength(1);
    expect(result.finishReason).toBe('stop');
  });
});

describe('generate with decline', () => {
  it('tells the model the user declined, with the reason, and never runs the tool', async () => {
    const { guarded, calls: ran } = testTools();
    const model = scriptedModel(benchProtocolReply);
    const first = await generate({ model, prompt: 'script: guarded*1', tools: [guarded] });
    const ref = first.interrupts[0]?.toolRequest.ref as string;
    const second = await generate({
      model,
      messages: first.messages,
      tools: [guarded],
      resume: { decline: [{ name: 'guarded', ref, reason: 'not today' }] },
    });
    expect(ran.filter((c) => c.resumed)).toHaveLength(0);
    const tool = second.messages.at(-2) as Message;
    expect(tool.content[0]).toEqual({
      toolResponse: {
        name: 'guarded',
        ref,
        output: { declined: true, reason: 'not today', message: 'the user declined: not today' },
      },
      metadata: { interruptResponse: true, declined: { reason: 'not today' } },
    });
  });

  it('refuses a different answer to a call already answered as ALREADY_ANSWERED, and takes the same one again', async () => {
    const { guarded } = testTools();
    const model = scriptedModel(benchProtocolReply);
    const first = await generate({ model, prompt: 'script: guarded*1', tools: [guarded] });
    const asked = first.interrupts[0] as ToolRequestPart;
    const ref = asked.toolRequest.ref as string;
    // The answer as a journal stores it before anything runs.
    const declined = applyResume(
      first.messages.at(-1) as Message,
      repliesOfOptions({ decline: [{ name: 'guarded', ref }] }),
      toToolMap([guarded]),
    );
    const journaled = [...first.messages.slice(0, -1), declined];
    const changed = await rejection(
      generate({ model, messages: journaled, tools: [guarded], resume: { restart: [guarded.restart(asked)] } }),
    );
    expect(changed.code).toBe('failed-precondition');
    expect(changed.reason).toBe('ALREADY_ANSWERED');
    const again = await generate({
      model,
      messages: journaled,
      tools: [guarded],
      resume: { decline: [{ name: 'guarded', ref }] },
    });
    expect(again.finishReason).toBe('stop');
  });
});
