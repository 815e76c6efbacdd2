import { z } from 'zod';

/**
 * The config keys most models share. They are checked; any other key is a model's own and
 * reaches the model untouched.
 */
export const GenerationCommonConfigSchema = z.looseObject({
  /** Picks a model version from `info.versions`. */
  version: z.string().optional(),
  temperature: z.number().min(0).optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  topK: z.number().int().positive().optional(),
  topP: z.number().min(0).max(1).optional(),
  stopSequences: z.array(z.string()).max(5).optional(),
});
