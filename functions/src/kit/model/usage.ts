import { z } from 'zod';

const count = z.number().nonnegative().optional();

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
});
export type Usage = z.infer<typeof UsageSchema>;
