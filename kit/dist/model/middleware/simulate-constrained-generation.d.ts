import type { ModelMiddleware } from '../model.js';
import type { ModelSupports } from '../model-info.js';
/** The instruction that stands in for constrained decoding. */
export declare function outputInstructions(schema: Record<string, unknown>): string;
/**
 * Where the model can't enforce a schema for this request, the schema goes into the prompt
 * and the model is told not to constrain; the kit still validates what comes back.
 */
export declare function simulateConstrainedGeneration(level: NonNullable<ModelSupports['constrained']>): ModelMiddleware;
