import type { z } from 'zod';
import type { Tool, ToolConfig } from './tool.js';
/** Configuration of an interrupt: a tool with no body whose output is the person's answer. */
export interface InterruptConfig<I extends z.ZodType, O extends z.ZodType> extends Omit<ToolConfig<I, O>, 'multipart' | 'sideEffects' | 'onError'> {
    /** What the app is told when the interrupt fires: fixed, or made from the input. */
    requestMetadata?: Record<string, unknown> | ((input: z.infer<I>) => Record<string, unknown> | Promise<Record<string, unknown>>);
}
/**
 * Defines a tool that always interrupts: the model calls it to ask the person something, and
 * the app answers with `respond`. It has nothing to run, so it can't be restarted.
 */
export declare function defineInterrupt<I extends z.ZodType, O extends z.ZodType>(config: InterruptConfig<I, O>): Tool<I, O>;
