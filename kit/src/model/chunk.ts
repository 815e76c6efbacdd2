import { z } from 'zod';
import { RoleSchema } from './message.js';
import { PartSchema } from './parts.js';

/** One piece of a streamed response. */
export const GenerateResponseChunkSchema = z.strictObject({
  /** Which message of the turn the chunk belongs to (0 = first model call). */
  index: z.number().int().nonnegative().optional(),
  role: RoleSchema.optional(),
  content: z.array(PartSchema),
  /** True when `content` is everything so far rather than what is new. */
  aggregated: z.boolean().optional(),
  custom: z.unknown().optional(),
  /** The sub-agent that made the chunk, when a sub-agent's call (`agentTool`) streams through its parent's. */
  agent: z.string().optional(),
});
export type GenerateResponseChunk = z.infer<typeof GenerateResponseChunkSchema>;
