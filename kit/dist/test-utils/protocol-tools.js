import { z } from 'zod';
import { defineInterrupt, defineTool } from '../tools/index.js';
/** Tools for engine tests, after the benchmark protocol, that record their calls. */
export function testTools() {
    const calls = [];
    const lookup = defineTool({
        name: 'lookup',
        description: 'Looks a value up by id.',
        inputSchema: z.object({ id: z.string() }),
        outputSchema: z.object({ value: z.number() }),
    }, ({ id }, ctx) => {
        calls.push({ name: 'lookup', input: { id }, resumed: ctx.resumed, ref: ctx.ref });
        return { value: id.length };
    });
    const confirm = defineInterrupt({
        name: 'confirm',
        description: 'Asks the user to confirm.',
        inputSchema: z.object({ id: z.string() }),
        outputSchema: z.object({ ok: z.boolean() }),
        requestMetadata: (input) => ({ question: `confirm ${input.id}?` }),
    });
    const guarded = defineTool({
        name: 'guarded',
        description: 'Runs only once approved.',
        inputSchema: z.object({ id: z.string() }),
        outputSchema: z.object({ value: z.number() }),
    }, ({ id }, ctx) => {
        calls.push({ name: 'guarded', input: { id }, resumed: ctx.resumed, ref: ctx.ref });
        if (!ctx.resumed)
            ctx.interrupt({ reason: 'approval needed', id });
        return { value: id.length };
    });
    return { calls, lookup, confirm, guarded, all: [lookup, confirm, guarded] };
}
//# sourceMappingURL=protocol-tools.js.map