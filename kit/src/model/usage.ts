import { z } from 'zod';

const count = z.number().nonnegative().optional();

/** What one model consumed within a usage total: its calls, tokens and estimated cost. */
export const ModelUsageSchema = z.strictObject({
  calls: count,
  inputTokens: count,
  outputTokens: count,
  thoughtsTokens: count,
  cachedContentTokens: count,
  /** Estimated from the app's price table (see `meter`); absent when the model has no price. */
  costUsd: count,
});
export type ModelUsage = z.infer<typeof ModelUsageSchema>;

/** What a call consumed, in every unit a provider reports. */
export const UsageSchema = z.strictObject({
  inputTokens: count,
  outputTokens: count,
  totalTokens: count,
  thoughtsTokens: count,
  cachedContentTokens: count,
  inputCharacters: count,
  outputCharacters: count,
  inputImages: count,
  outputImages: count,
  inputVideos: count,
  outputVideos: count,
  inputAudioFiles: count,
  outputAudioFiles: count,
  custom: z.record(z.string(), z.number()).optional(),
  /** Estimated cost in US dollars, from the app's price table (see `meter`). */
  costUsd: count,
  /** The same counters per model name, when a call names the model that answered (see `meter`). */
  byModel: z.record(z.string(), ModelUsageSchema).optional(),
});
export type Usage = z.infer<typeof UsageSchema>;
