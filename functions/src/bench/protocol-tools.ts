import { defineInterrupt, defineTool, type Tool } from '@callable-flows/kit/tools/index.js';
import { z } from 'zod';

/** Counts tool calls, so each iteration can be checked outside the timed region. */
export interface CallCounter {
  tools: number;
}

/** How the protocol's tool bodies answer: at once, or after an `await` as a real tool's I/O would. */
export type ToolTiming = 'sync' | 'async';

/**
 * A resolved promise standing in for I/O: awaiting it costs what awaiting a finished read costs
 * (a microtask and a suspended frame), and no time of its own. Every side's async tools use it.
 */
export function ioReply<T>(value: T): Promise<T> {
  return Promise.resolve(value);
}

/** The benchmark protocol's tools: `lookup`, `confirm` (an interrupt) and `guarded`, sync or async. */
export function protocolTools(
  counter: CallCounter,
  timing: ToolTiming = 'sync',
): { lookup: Tool; confirm: Tool; guarded: Tool } {
  const idInput = z.object({ id: z.string() });
  const valueOutput = z.object({ value: z.number() });
  const lookupConfig = {
    name: 'lookup',
    description: 'Looks a value up by id.',
    inputSchema: idInput,
    outputSchema: valueOutput,
  };
  const lookup =
    timing === 'sync'
      ? defineTool(lookupConfig, ({ id }) => {
          counter.tools++;
          return { value: id.length };
        })
      : defineTool(lookupConfig, async ({ id }) => {
          counter.tools++;
          return { value: await ioReply(id.length) };
        });
  const confirm = defineInterrupt({
    name: 'confirm',
    description: 'Asks the user to confirm.',
    outputSchema: z.object({ ok: z.boolean() }),
  });
  const guardedConfig = {
    name: 'guarded',
    description: 'Runs only once approved.',
    inputSchema: idInput,
    outputSchema: valueOutput,
  };
  const guarded =
    timing === 'sync'
      ? defineTool(guardedConfig, ({ id }, ctx) => {
          counter.tools++;
          if (!ctx.resumed) ctx.interrupt({ reason: 'approval needed' });
          return { value: id.length };
        })
      : defineTool(guardedConfig, async ({ id }, ctx) => {
          counter.tools++;
          if (!ctx.resumed) ctx.interrupt({ reason: 'approval needed' });
          return { value: await ioReply(id.length) };
        });
  return { lookup, confirm, guarded };
}
