import { z } from 'zod';
import { defineInterrupt, defineTool, type Tool } from '../kit/tools/index.js';

/** Counts tool calls, so each iteration can be checked outside the timed region. */
export interface CallCounter {
  tools: number;
}

/** The benchmark protocol's tools: `lookup`, `confirm` (an interrupt) and `guarded`. */
export function protocolTools(counter: CallCounter): { lookup: Tool; confirm: Tool; guarded: Tool } {
  const idInput = z.object({ id: z.string() });
  const valueOutput = z.object({ value: z.number() });
  const lookup = defineTool(
    { name: 'lookup', description: 'Looks a value up by id.', inputSchema: idInput, outputSchema: valueOutput },
    ({ id }) => {
      counter.tools++;
      return { value: id.length };
    },
  );
  const confirm = defineInterrupt({
    name: 'confirm',
    description: 'Asks the user to confirm.',
    outputSchema: z.object({ ok: z.boolean() }),
  });
  const guarded = defineTool(
    { name: 'guarded', description: 'Runs only once approved.', inputSchema: idInput, outputSchema: valueOutput },
    ({ id }, ctx) => {
      counter.tools++;
      if (!ctx.resumed) ctx.interrupt({ reason: 'approval needed' });
      return { value: id.length };
    },
  );
  return { lookup, confirm, guarded };
}
