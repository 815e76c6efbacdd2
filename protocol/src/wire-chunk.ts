import { z } from 'zod';
import { WireInterruptSchema } from './interrupt.js';

/** One streamed piece of a call (docs/reference.md, the wire protocol). */
export const WireChunkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  // ref is absent only when a model streams a call before the kit has named it.
  z.object({ type: z.literal('toolRequest'), ref: z.string().optional(), name: z.string(), input: z.unknown() }),
  z.object({ type: z.literal('toolResponse'), ref: z.string(), name: z.string(), output: z.unknown() }),
  z.object({ type: z.literal('interrupt'), ...WireInterruptSchema.shape }),
]);
export type WireChunk = z.infer<typeof WireChunkSchema>;
