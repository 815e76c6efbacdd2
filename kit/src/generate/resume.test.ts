import { describe, expect, it } from 'vitest';
import { inputDigest } from '../call-state/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { benchProtocolReply } from '../test-utils/bench-protocol-reply.js';
import { toolCalls as calls, rejection } from '../test-utils/kit-test-helpers.js';
import { testTools } from '../test-utils/protocol-tools.js';
import { generate } from './generate.js';

/** What a store would keep: the conversation as JSON, read back. */
const roundTrip = (messages: Message[]): Message[] => JSON.parse(JSON.stringify(messages)) as Message[];

describe('generate with interrupts', () => {
  it('stops with interrupted and stamps the request with the tool metadata when a tool interrupts', async () => {
    const { guarded } = testTools();
    const model = scriptedModel(benchProtocolReply);
    const result = await generate({ model, prompt: 'script: guarded*1', tools: [guarded] });
    expect(result.finishReason).toBe('interrupted');
    expect(result.interrupts).toEqual([
      {
        toolRequest: { name: 'guarded', ref: 'r0.0', input: { id: 'r0.0' } },
        metadata: {
          interrupt: { reason: 'approval needed', id: 'r0.0' },
          inputDigest: inputDigest({ id: 'r0.0' }),
        },
      },
    ]);
    expect(result.messages.at(-1)?.content).toEqual(result.interrupts);
    expect(model.requests).toHaveLength(1);
  });

  it('keeps the results of finished calls as pendingOutput when another call of the turn interrupts', async () => {
    const { lookup, guarded } = testTools();
    const model = scriptedModel([
      calls({ name: 'lookup', ref: 'a', input: { id: 'xy' } }, { name: 'guarded', ref: 'b', input: { id: 'q' } }),
    ]);
    const result = await generate({ model, prompt: 'go', tools: [lookup, guarded] });
    expect(result.messages.at(-1)?.content[0]).toEqual({
      toolRequest: { name: 'lookup', ref: 'a', input: { id: 'xy' } },
      metadata: { pendingOutput: { value: 2 } },
    });
    expect(result.interrupts.map((p) => p.toolRequest.ref)).toEqual(['b']);
  });

  it('uses pendingOutput without running the tool again, then the answer, when resumed with respond', async () => {
    const { lookup, confirm, calls: toolCalls } = testTools();
    const model = scriptedModel([
      calls({ name: 'lookup', ref: 'a', input: { id: 'xy' } }, { name: 'confirm', ref: 'b', input: { id: 'q' } }),
      'confirmed',
    ]);
    const first = await generate({ model, prompt: 'go', tools: [lookup, confirm] });
    const pending = first.interrupts[0] as ToolRequestPart;
    expect(pending.metadata?.interrupt).toEqual({ question: 'confirm q?' });

    const second = await generate({
      model,
      messages: roundTrip(first.messages),
      tools: [lookup, confirm],
      resume: { respond: [confirm.respond(pending, { ok: true })] },
    });
    expect(second.text).toBe('confirmed');
    expect(toolCalls.filter((c) => c.name === 'lookup')).toHaveLength(1);
    const [revised, tool] = second.messages.slice(-3) as Message[];
    expect(revised?.content).toEqual([
      { toolRequest: { name: 'lookup', ref: 'a', input: { id: 'xy' } } },
      {
        toolRequest: { name: 'confirm', ref: 'b', input: { id: 'q' } },
        metadata: { resolvedInterrupt: { question: 'confirm q?' }, answer: 'respond' },
      },
    ]);
    expect(tool?.content).toEqual([
      { toolResponse: { name: 'lookup', ref: 'a', output: { value: 2 } }, metadata: { source: 'pending' } },
      { toolResponse: { name: 'confirm', ref: 'b', output: { ok: true } }, metadata: { interruptResponse: true } },
    ]);
    expect(model.requests[1]?.messages.at(-1)).toEqual(tool);
  });

  it('runs the tool again as resumed when resumed with restart', async () => {
    const { guarded, calls: toolCalls } = testTools();
    const model = scriptedModel(benchProtocolReply);
    const first = await generate({ model, prompt: 'script: guarded*1', tools: [guarded] });
    const second = await generate({
      model,
      messages: roundTrip(first.messages),
      tools: [guarded],
      resume: { restart: [guarded.restart(first.interrupts[0] as ToolRequestPart, { approvedBy: 'ann' })] },
    });
    expect(second.text).toBe('done: 1 tool round(s), 1 tool result(s)');
    expect(toolCalls.map((c) => c.resumed)).toEqual([undefined, { approvedBy: 'ann' }]);
    expect(second.messages.at(-3)?.content[0]?.metadata).toEqual({
      resolvedInterrupt: { reason: 'approval needed', id: 'r0.0' },
      resumed: { approvedBy: 'ann' },
      answer: 'restart',
    });
  });

  it('runs the restarted call with the new input when replaceInput is given', async () => {
    const { guarded, calls: toolCalls } = testTools();
    const model = scriptedModel([calls({ name: 'guarded', ref: 'g', input: { id: 'old' } }), 'ok']);
    const first = await generate({ model, prompt: 'go', tools: [guarded] });
    const restart = guarded.restart(first.interrupts[0] as ToolRequestPart, undefined, {
      replaceInput: { id: 'newer' },
    });
    const second = await generate({
      model,
      messages: first.messages,
      tools: [guarded],
      resume: { restart: [restart] },
    });
    expect(toolCalls.at(-1)?.input).toEqual({ id: 'newer' });
    expect(second.messages.at(-2)?.content[0]).toMatchObject({ toolResponse: { output: { value: 5 } } });
  });

  it('yields a new interrupt when a restarted tool interrupts again', async () => {
    const { guarded } = testTools();
    const model = scriptedModel(benchProtocolReply);
    const first = await generate({ model, prompt: 'script: guarded*1', tools: [guarded] });
    // A restart with resumed metadata the tool doesn't accept: force `resumed` falsy via a custom part.
    const again = {
      ...guarded.restart(first.interrupts[0] as ToolRequestPart),
      metadata: { resumed: false },
    } as ToolRequestPart;
    const second = await generate({ model, messages: first.messages, tools: [guarded], resume: { restart: [again] } });
    expect(second.finishReason).toBe('interrupted');
    expect(second.interrupts).toHaveLength(1);
    expect(second.interrupts[0]?.metadata?.interrupt).toEqual({ reason: 'approval needed', id: 'r0.0' });
    expect(model.requests).toHaveLength(1);
  });

  it('keeps the turn interrupted on the rest and answered calls as pendingOutput when resumed in part', async () => {
    const { confirm } = testTools();
    const model = scriptedModel([
      calls({ name: 'confirm', ref: 'a', input: { id: 'one' } }, { name: 'confirm', ref: 'b', input: { id: 'two' } }),
      'both confirmed',
    ]);
    const first = await generate({ model, prompt: 'go', tools: [confirm] });
    const [a, b] = first.interrupts as [ToolRequestPart, ToolRequestPart];

    const partial = await generate({
      model,
      messages: roundTrip(first.messages),
      tools: [confirm],
      resume: { respond: [confirm.respond(a, { ok: true })] },
    });
    expect(partial.finishReason).toBe('interrupted');
    expect(partial.interrupts.map((p) => p.toolRequest.ref)).toEqual(['b']);
    expect(partial.messages.at(-1)?.content[0]?.metadata).toEqual({
      resolvedInterrupt: { question: 'confirm one?' },
      pendingOutput: { ok: true },
      answer: 'respond',
    });
    expect(model.requests).toHaveLength(1);

    const done = await generate({
      model,
      messages: roundTrip(partial.messages),
      tools: [confirm],
      resume: { respond: [confirm.respond(b, { ok: false })] },
    });
    expect(done.text).toBe('both confirmed');
    expect(done.messages.at(-2)?.content.map((p) => ('toolResponse' in p ? p.toolResponse.output : undefined))).toEqual(
      [{ ok: true }, { ok: false }],
    );
  });

  it('treats an interrupt the resume does not answer as still pending', async () => {
    const { confirm, guarded } = testTools();
    const model = scriptedModel([
      calls({ name: 'confirm', ref: 'a', input: { id: 'x' } }, { name: 'guarded', ref: 'b', input: { id: 'y' } }),
    ]);
    const first = await generate({ model, prompt: 'go', tools: [confirm, guarded] });
    const second = await generate({
      model,
      messages: first.messages,
      tools: [confirm, guarded],
      resume: { respond: [confirm.respond(first.interrupts[0] as ToolRequestPart, { ok: true })] },
    });
    expect(second.finishReason).toBe('interrupted');
    expect(second.interrupts.map((p) => p.toolRequest.name)).toEqual(['guarded']);
  });

  it('rejects a reply naming a ref that is not pending as invalid-argument', async () => {
    const { confirm } = testTools();
    const first = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: confirm*1',
      tools: [confirm],
    });
    const forged = { toolResponse: { name: 'confirm', ref: 'forged', output: { ok: true } } };
    const error = await rejection(
      generate({
        model: scriptedModel(benchProtocolReply),
        messages: first.messages,
        tools: [confirm],
        resume: { respond: [forged] },
      }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.details).toEqual({ name: 'confirm', ref: 'forged', reason: 'UNKNOWN_REF' });
  });

  it('rejects a reply whose tool name does not match the ref as invalid-argument', async () => {
    const { confirm, lookup } = testTools();
    const first = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: confirm*1',
      tools: [confirm, lookup],
    });
    const wrongName = { toolResponse: { name: 'lookup', ref: 'r0.0', output: { value: 1 } } };
    const error = await rejection(
      generate({
        model: scriptedModel(benchProtocolReply),
        messages: first.messages,
        tools: [confirm, lookup],
        resume: { respond: [wrongName] },
      }),
    );
    expect(error.code).toBe('invalid-argument');
  });

  it('rejects an answer that does not fit the output schema as invalid-argument before anything runs', async () => {
    const { confirm } = testTools();
    const model = scriptedModel(benchProtocolReply);
    const first = await generate({ model, prompt: 'script: confirm*1', tools: [confirm] });
    const bad = { toolResponse: { name: 'confirm', ref: 'r0.0', output: { ok: 'yes' } } };
    const error = await rejection(
      generate({ model, messages: first.messages, tools: [confirm], resume: { respond: [bad] } }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('ok');
    expect(model.requests).toHaveLength(1);
  });

  it('rejects restarting an interrupt-only tool as invalid-argument', async () => {
    const { confirm } = testTools();
    const first = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: confirm*1',
      tools: [confirm],
    });
    const restart = {
      toolRequest: { name: 'confirm', ref: 'r0.0', input: { id: 'r0.0' } },
      metadata: { resumed: true },
    };
    const error = await rejection(
      generate({
        model: scriptedModel(benchProtocolReply),
        messages: first.messages,
        tools: [confirm],
        resume: { restart: [restart] },
      }),
    );
    expect(error.code).toBe('invalid-argument');
  });

  it('rejects answering one interrupt twice as invalid-argument', async () => {
    const { guarded } = testTools();
    const first = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: guarded*1',
      tools: [guarded],
    });
    const pending = first.interrupts[0] as ToolRequestPart;
    const error = await rejection(
      generate({
        model: scriptedModel(benchProtocolReply),
        messages: first.messages,
        tools: [guarded],
        resume: { respond: [guarded.respond(pending, { value: 1 })], restart: [guarded.restart(pending)] },
      }),
    );
    expect(error.code).toBe('invalid-argument');
    expect(error.reason).toBe('INVALID_FIELD');
    expect(error.details?.field).toBe('resume.restart.0.ref');
  });

  it('rejects a resume with failed-precondition when the conversation has no interrupted turn', async () => {
    const { confirm } = testTools();
    const done = await generate({ model: scriptedModel(benchProtocolReply), prompt: 'hello', tools: [confirm] });
    const error = await rejection(
      generate({
        model: scriptedModel(benchProtocolReply),
        messages: done.messages,
        tools: [confirm],
        resume: { respond: [] },
      }),
    );
    expect(error.code).toBe('failed-precondition');
  });

  it('rejects a resume together with a new prompt', async () => {
    const error = await rejection(generate({ model: scriptedModel(benchProtocolReply), prompt: 'x', resume: {} }));
    expect(error.code).toBe('invalid-argument');
  });

  it('keeps interrupt metadata whole through a JSON round trip of the history', async () => {
    const { confirm } = testTools();
    const model = scriptedModel([calls({ name: 'confirm', ref: 'c', input: { id: 'ünïcode 🚀' } }), 'ok']);
    const first = await generate({ model, prompt: 'go', tools: [confirm] });
    const stored = roundTrip(first.messages);
    const pending = stored.at(-1)?.content[0] as ToolRequestPart;
    expect(pending.metadata?.interrupt).toEqual({ question: 'confirm ünïcode 🚀?' });
    const done = await generate({
      model,
      messages: stored,
      tools: [confirm],
      resume: { respond: [confirm.respond(pending, { ok: true })] },
    });
    expect(done.finishReason).toBe('stop');
  });

  it('streams the tool responses of the resume before the model answers', async () => {
    const { guarded } = testTools();
    const first = await generate({
      model: scriptedModel(benchProtocolReply),
      prompt: 'script: guarded*1',
      tools: [guarded],
    });
    const roles: string[] = [];
    await generate({
      model: scriptedModel(benchProtocolReply),
      messages: first.messages,
      tools: [guarded],
      resume: { restart: [guarded.restart(first.interrupts[0] as ToolRequestPart)] },
      onChunk: (c) => roles.push(`${c.index}:${c.role}`),
    });
    expect(roles[0]).toBe('0:tool');
    expect(roles.slice(1).every((r) => r === '1:model')).toBe(true);
  });
});
