import { z } from 'zod';
import { WireInterruptSchema } from './interrupt.js';

/**
 * The sub-agent that streamed a chunk through its parent's call (`agentTool`); absent on the
 * called agent's own chunks. A sub-agent's refs are paths (`<parentRef>/<subRef>`).
 */
const agent = z.string().optional();

/** One streamed piece of a call (docs/reference.md, the wire protocol). */
export const WireChunkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), agent }),
  z.object({ type: z.literal('reasoning'), text: z.string(), agent }),
  // ref is absent only when a model streams a call before the kit has named it.
  z.object({ type: z.literal('toolRequest'), ref: z.string().optional(), name: z.string(), input: z.unknown(), agent }),
  z.object({ type: z.literal('toolResponse'), ref: z.string(), name: z.string(), output: z.unknown(), agent }),
  z.object({ type: z.literal('interrupt'), ...WireInterruptSchema.shape, agent }),
]);
export type WireChunk = z.infer<typeof WireChunkSchema>;
