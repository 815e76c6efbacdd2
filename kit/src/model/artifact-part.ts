import { z } from 'zod';
import { MediaPartSchema } from './parts.js';

/**
 * A part of an artifact: what a model's message may hold as content (text, media by URL, data),
 * without part metadata (a provider's, never an artifact's), as the protocol's `ArtifactPartSchema`.
 */
export const ArtifactPartSchema = z.union([
  z.strictObject({ text: z.string() }),
  z.strictObject({ media: MediaPartSchema.shape.media }),
  z.strictObject({ data: z.unknown() }),
]);
export type ArtifactPart = z.infer<typeof ArtifactPartSchema>;

/** A version of a named artifact: what a tool (`ctx.artifact`) or the agent (`onTurnEnd`) wrote and the session keeps. */
export const ArtifactSchema = z.strictObject({
  name: z.string().min(1),
  /** 1 for a name's first write, one more for each after it. */
  version: z.number().int().positive(),
  parts: z.array(ArtifactPartSchema),
  /** When the version was journaled (epoch ms). */
  at: z.number(),
  /** The ref of the tool call that wrote it; absent when the agent wrote it (`onTurnEnd`). */
  ref: z.string().optional(),
  /** The branch whose turn wrote it; absent (versions written before branches kept it): the first. */
  branch: z.string().optional(),
  /** How many messages that branch's history held when it was written (absent: 0). */
  length: z.number().int().nonnegative().optional(),
});
export type Artifact = z.infer<typeof ArtifactSchema>;
