import { z } from 'zod';
import { PartSchema } from './parts.js';

/** Who wrote a message. `tool` messages carry tool responses. */
export const RoleSchema = z.enum(['system', 'user', 'model', 'tool']);

/** One message of a conversation. */
export const MessageSchema = z.strictObject({
  role: RoleSchema,
  content: z.array(PartSchema),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** A document given to the model as context (retrieval results, say). */
export const DocumentSchema = z.strictObject({
  content: z.array(PartSchema),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type Document = z.infer<typeof DocumentSchema>;
