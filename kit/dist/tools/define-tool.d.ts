import type { z } from 'zod';
import { type MultipartToolFn, type Tool, type ToolConfig, type ToolContext, type ToolFn } from './tool.js';
/**
 * Builds a tool from its config and a body (returning `{ output, content, metadata }` when
 * `config.multipart`, its output otherwise); `restartable` is false only for interrupts.
 */
export declare function makeTool<I extends z.ZodType, O extends z.ZodType>(config: ToolConfig<I, O>, body: (input: z.infer<I>, ctx: ToolContext) => unknown, restartable: boolean): Tool<I, O>;
/** Defines a multipart tool: the body returns `{ output, content, metadata }`. */
export declare function defineTool<I extends z.ZodType, O extends z.ZodType>(config: ToolConfig<I, O> & {
    multipart: true;
}, fn: MultipartToolFn<I, O>): Tool<I, O>;
/** Defines a tool: a function the model can call, with zod schemas for its input and output. */
export declare function defineTool<I extends z.ZodType, O extends z.ZodType>(config: ToolConfig<I, O>, fn: ToolFn<I, O>): Tool<I, O>;
