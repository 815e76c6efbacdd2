import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generate } from '../generate/index.js';
import type { GenerateResponseChunk } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { rejection } from '../test-utils/kit-test-helpers.js';
import { defineFlow } from './define-flow.js';

const TitleSchema = z.object({ title: z.string(), words: z.number().int() });

function titleFlow(reply: string) {
  const model = scriptedModel(reply);
  return defineFlow(
    { name: 'title', inputSchema: z.object({ text: z.string().min(1) }), outputSchema: TitleSchema },
    async ({ text }, ctx) => {
      const result = await generate({
        model,
        prompt: `Title this: ${text}`,
        output: { schema: TitleSchema },
        onChunk: ctx.onChunk,
        signal: ctx.signal,
        context: ctx.context,
      });
      return result.output ?? { title: '', words: 0 };
    },
  );
}

describe('defineFlow', () => {
  it('returns the parsed structured output when the model answers with JSON', async () => {
    const flow = titleFlow('{"title":"Hello","words":1}');
    expect(flow.kind).toBe('flow');
    await expect(flow.run({ text: 'hello there' })).resolves.toEqual({ title: 'Hello', words: 1 });
  });

  it('refuses with invalid-argument naming the field when the input is malformed', async () => {
    const error = await rejection(titleFlow('{}').run({ text: 3 }));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('text');
    expect(error.details).toEqual({
      fields: [expect.objectContaining({ path: 'text' })],
      field: 'text',
      reason: 'INVALID_FIELD',
    });
  });

  it('fails with internal when the body returns what the output schema forbids', async () => {
    const flow = defineFlow(
      { name: 'broken', inputSchema: z.object({}), outputSchema: TitleSchema },
      () => ({ title: 'x' }) as z.infer<typeof TitleSchema>,
    );
    const error = await rejection(flow.run({}));
    expect(error.code).toBe('internal');
    expect(error.message).toContain('words');
  });

  it('passes the stream to generate when the caller gives onChunk', async () => {
    const chunks: GenerateResponseChunk[] = [];
    await titleFlow('{"title":"Hi","words":1}').run({ text: 'hi' }, { onChunk: (c) => chunks.push(c) });
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.role === 'model')).toBe(true);
  });

  it('rejects with aborted before running when the signal has already fired', async () => {
    let ran = false;
    const flow = defineFlow({ name: 'never', inputSchema: z.object({}), outputSchema: z.object({}) }, () => {
      ran = true;
      return {};
    });
    const error = await rejection(flow.run({}, { signal: AbortSignal.abort() }));
    expect(error.code).toBe('aborted');
    expect(ran).toBe(false);
  });

  it('throws invalid-argument when the name cannot be a function name', () => {
    expect(() =>
      defineFlow({ name: 'has space', inputSchema: z.object({}), outputSchema: z.object({}) }, () => ({})),
    ).toThrow(/invalid flow name/);
  });

  it('hands the caller context to the body when one is given', async () => {
    const flow = defineFlow(
      { name: 'whoami', inputSchema: z.object({}), outputSchema: z.object({ uid: z.string() }) },
      (_input, ctx) => ({ uid: String((ctx.context.auth as { uid: string }).uid) }),
    );
    await expect(flow.run({}, { context: { auth: { uid: 'u1' } } })).resolves.toEqual({ uid: 'u1' });
  });
});
