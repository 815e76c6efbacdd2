import { z } from 'zod';

/** One streamed piece of a call (DESIGN.md, the callable wire protocol). */
export const WireChunkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  // ref is absent only when a model streams a call before the kit has named it.
  z.object({ type: z.literal('toolRequest'), ref: z.string().optional(), name: z.string(), input: z.unknown() }),
  z.object({ type: z.literal('toolResponse'), ref: z.string(), name: z.string(), output: z.unknown() }),
  z.object({
    type: z.literal('interrupt'),
    ref: z.string(),
    name: z.string(),
    input: z.unknown(),
    metadata: z.union([z.record(z.string(), z.unknown()), z.literal(true)]),
  }),
]);
export type WireChunk = z.infer<typeof WireChunkSchema>;
