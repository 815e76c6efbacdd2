import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from '../models/scripted/index.js';
import { defineInterrupt, defineTool } from '../tools/index.js';
import { generate } from './generate.js';

const lookup = defineTool(
  {
    name: 'lookup',
    description: 'looks up',
    inputSchema: z.object({ id: z.string() }),
    outputSchema: z.object({ value: z.number() }),
  },
  ({ id }) => ({ value: id.length }),
);
const confirm = defineInterrupt({ name: 'confirm', description: 'asks', outputSchema: z.object({ ok: z.boolean() }) });

describe('generate', () => {
  it('smoke', async () => {
    const model = scriptedModel();
    const r = await generate({ model, prompt: 'script: lookup*1 > lookup*8', tools: [lookup] });
    expect(r.text).toBe('done: 2 tool round(s), 9 tool result(s)');
    const i = await generate({ model, prompt: 'script: confirm*1', tools: [confirm] });
    expect(i.finishReason).toBe('interrupted');
    const first = i.interrupts[0]!;
    const done = await generate({
      model,
      messages: i.messages,
      tools: [confirm],
      resume: { respond: [confirm.respond(first, { ok: true })] },
    });
    expect(done.text).toBe('done: 1 tool round(s), 1 tool result(s)');
  });
});
