import type { z } from 'zod';
import { makeTool } from './define-tool.js';
import type { Tool, ToolConfig } from './tool.js';
import { ToolInterruptError } from './tool-interrupt-error.js';

/** Configuration of an interrupt: a tool with no body whose output is the person's answer. */
export interface InterruptConfig<I extends z.ZodType, O extends z.ZodType>
  extends Omit<ToolConfig<I, O>, 'multipart' | 'sideEffects' | 'onError'> {
  /** What the app is told when the interrupt fires: fixed, or made from the input. */
  requestMetadata?:
    | Record<string, unknown>
    | ((input: z.infer<I>) => Record<string, unknown> | Promise<Record<string, unknown>>);
}

/**
 * Defines a tool that always interrupts: the model calls it to ask the person something, and
 * the app answers with `respond`. It has nothing to run, so it can't be restarted.
 */
export function defineInterrupt<I extends z.ZodType, O extends z.ZodType>(config: InterruptConfig<I, O>): Tool<I, O> {
  const { requestMetadata, ...toolConfig } = config;
  return makeTool(
    { ...toolConfig, metadata: { ...toolConfig.metadata, interrupt: true } },
    (input: z.infer<I>) => {
      // Fixed metadata interrupts at once (a rejected call, no timer); computed metadata may be async.
      if (typeof requestMetadata !== 'function') throw new ToolInterruptError(requestMetadata);
      return Promise.resolve(requestMetadata(input)).then((metadata) => {
        throw new ToolInterruptError(metadata);
      });
    },
    false,
  );
}
