import type { z } from 'zod';
import type { Flow, FlowConfig, FlowFn } from './flow.js';
/**
 * Defines a stateless flow: the input is parsed with `inputSchema`, the body runs (it may call
 * `generate`), and what it returns is parsed with `outputSchema`.
 */
export declare function defineFlow<I extends z.ZodType, O extends z.ZodType>(config: FlowConfig<I, O>, fn: FlowFn<I, O>): Flow<I, O>;
