import { FinishReasonSchema } from '@callable-flows/protocol';
import { z } from 'zod';
import { MessageSchema } from './message.js';
import { UsageSchema } from './usage.js';

export { type FinishReason, FinishReasonSchema } from '@callable-flows/protocol';

/** A model's answer to one request. */
export const GenerateResponseSchema = z.strictObject({
  message: MessageSchema.optional(),
  finishReason: FinishReasonSchema,
  /** The provider's own words on why it stopped, when they add anything. */
  finishMessage: z.string().optional(),
  /** Measured by the kit around the runner, never taken from the runner. */
  latencyMs: z.number().nonnegative().optional(),
  usage: UsageSchema.optional(),
  /** The name of the model that answered (set by `defineModel`): a route or a fallback may have picked it. */
  model: z.string().optional(),
  /** Provider data with no common shape (grounding, citations, raw ids). */
  custom: z.unknown().optional(),
});
export type GenerateResponse = z.infer<typeof GenerateResponseSchema>;
