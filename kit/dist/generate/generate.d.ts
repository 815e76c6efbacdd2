import type { z } from 'zod';
import type { GenerateOptions, GenerateResult } from './generate-options.js';
/** Default number of tool rounds in one generation. */
export declare const DEFAULT_MAX_TURNS = 5;
/**
 * Runs the generate loop: model → tools in parallel → model …, until the model answers, a
 * tool interrupts or stops the loop, `stopWhen` holds, or `maxTurns` tool rounds are spent.
 * With `resume`, the open round that ends `messages` is answered and settled first, before
 * the model is called. `onModelResponse` and `onToolResult` see every step as it happens.
 */
export declare function generate<O extends z.ZodType = z.ZodType>(options: GenerateOptions<O>): Promise<GenerateResult<z.infer<O>>>;
