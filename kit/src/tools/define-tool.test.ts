import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { isToolInterruptError } from './tool-interrupt-error.js';

const add = defineTool(
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: z.object({ a: z.number(), b: z.number().default(0) }),
    outputSchema: z.object({ sum: z.number() }),
  },
  ({ a, b }) => ({ sum: a + b }),
);

afterEach(() => {
  vi.useRealTimers();
});

describe('defineTool', () => {
  it('describes itself to the model with JSON Schema made from zod', () => {
    expect(add.definition).toEqual({
      name: 'add',
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number', default: 0 } },
        required: ['a'],
      },
      outputSchema: {
        type: 'object',
        properties: { sum: { type: 'number' } },
        required: ['sum'],
        additionalProperties: false,
      },
    });
  });

  it('runs with parsed input (defaults applied) and validated output', async () => {
    await expect(add.run({ a: 2 }, { ref: 'r' })).resolves.toEqual({ output: { sum: 2 } });
  });

  it('rejects invalid input as invalid-argument naming the field, without running the body', async () => {
    let ran = false;
    const tool = defineTool({ name: 't', description: 'd', inputSchema: z.object({ n: z.number() }) }, () => {
      ran = true;
    });
    await expect(tool.run({ n: 'x' }, { ref: 'r' })).rejects.toMatchObject({
      code: 'invalid-argument',
      details: { fields: [{ path: 'n', message: expect.any(String) }] },
    });
    expect(ran).toBe(false);
  });

  it('fails when the body breaks its own output schema', async () => {
    const liar = defineTool(
      { name: 'liar', description: 'd', outputSchema: z.number() },
      () => 'nope' as unknown as number,
    );
    await expect(liar.run(undefined, { ref: 'r' })).rejects.toMatchObject({ code: 'internal' });
  });

  it('returns output, content and metadata when the tool is multipart', async () => {
    const shot = defineTool({ name: 'shot', description: 'd', multipart: true, outputSchema: z.string() }, () => ({
      output: 'a picture',
      content: [{ media: { url: 'data:image/png;base64,AA==', contentType: 'image/png' } }],
      metadata: { size: 1 },
    }));
    await expect(shot.run(undefined, { ref: 'r' })).resolves.toEqual({
      output: 'a picture',
      content: [{ media: { url: 'data:image/png;base64,AA==', contentType: 'image/png' } }],
      metadata: { size: 1 },
    });
  });

  it('gives the body its ref, context and resumed flag', async () => {
    const seen: unknown[] = [];
    const spy = defineTool({ name: 'spy', description: 'd' }, (_input, ctx) => {
      seen.push(ctx.ref, ctx.context, ctx.resumed);
    });
    await spy.run(undefined, { ref: 'call-1', context: { uid: 'u1' }, resumed: { by: 'ann' } });
    expect(seen).toEqual(['call-1', { uid: 'u1' }, { by: 'ann' }]);
  });

  it('throws a ToolInterruptError carrying the metadata when the body interrupts', async () => {
    const asks = defineTool({ name: 'asks', description: 'd' }, (_input, ctx) => ctx.interrupt({ question: 'sure?' }));
    const error = await asks.run(undefined, { ref: 'r' }).catch((e: unknown) => e);
    expect(isToolInterruptError(error)).toBe(true);
    expect(error).toMatchObject({ metadata: { question: 'sure?' } });
  });

  it('aborts the body’s signal and rejects with deadline-exceeded when it runs past its timeout', async () => {
    let signal: AbortSignal | undefined;
    const slow = defineTool({ name: 'slow', description: 'd', timeoutMs: 10 }, (_input, ctx) => {
      signal = ctx.signal;
      return new Promise<void>(() => {});
    });
    await expect(slow.run(undefined, { ref: 'r' })).rejects.toMatchObject({ code: 'deadline-exceeded' });
    expect(signal?.aborted).toBe(true);
  });

  it('starts no timer for an async body when the tool has no timeout of its own', async () => {
    vi.useFakeTimers();
    const unlimited = defineTool(
      { name: 'unlimited', description: 'd', timeoutMs: Number.POSITIVE_INFINITY },
      async () => 'done',
    );
    const run = unlimited.run(undefined, { ref: 'r' });
    expect(vi.getTimerCount()).toBe(0);
    await expect(run).resolves.toMatchObject({ output: 'done' });
  });

  it('still rejects with deadline-exceeded when the body outlives its default timeout', async () => {
    vi.useFakeTimers();
    const stuck = defineTool({ name: 'stuck', description: 'd' }, () => new Promise<void>(() => {}));
    const outcome = expect(stuck.run(undefined, { ref: 'r' })).rejects.toMatchObject({ code: 'deadline-exceeded' });
    await vi.advanceTimersByTimeAsync(30_500);
    await outcome;
  });

  it('rejects a name a model could not call', () => {
    expect(() => defineTool({ name: 'has space', description: 'd' }, () => 1)).toThrow(/invalid tool name/);
  });

  it('refuses a version that is not a positive integer when the tool is defined', () => {
    for (const version of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => defineTool({ name: 'pay', description: 'd', version }, () => 1)).toThrow(
        /version must be a positive integer/,
      );
    }
    expect(defineTool({ name: 'pay', description: 'd', version: 3 }, () => 1).config.version).toBe(3);
  });

  it('infers the body’s input and output types from the schemas', () => {
    expectTypeOf(add.run).returns.resolves.toHaveProperty('output');
    defineTool(
      {
        name: 'typed',
        description: 'd',
        inputSchema: z.object({ id: z.string() }),
        outputSchema: z.object({ ok: z.boolean() }),
      },
      (input) => {
        expectTypeOf(input).toEqualTypeOf<{ id: string }>();
        return { ok: true };
      },
    );
    expectTypeOf(add.respond).parameter(1).toEqualTypeOf<{ sum: number }>();
  });
});
