import { z } from 'zod';
import { WireInterruptSchema } from './interrupt.js';

/**
 * The sub-agent that streamed a chunk through its parent's call (`agentTool`); absent on the
 * called agent's own chunks. A sub-agent's refs are paths (`<parentRef>/<subRef>`).
 */
const agent = z.string().optional();

/** A part of an artifact chunk: text, media by URL, or data (as `ArtifactPartSchema`). */
const ArtifactPartChunkSchema = z.union([
  z.object({ text: z.string() }),
  z.object({ media: z.object({ url: z.string(), contentType: z.string().optional() }) }),
  z.object({ data: z.unknown() }),
]);

/** One operation of a JSON Patch (RFC 6902), as the state stream makes them. */
export const JsonPatchOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('replace'), path: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('remove'), path: z.string() }),
]);

/** One streamed piece of a call (docs/reference.md, the wire protocol). */
export const WireChunkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), agent }),
  z.object({ type: z.literal('reasoning'), text: z.string(), agent }),
  // ref is absent only when a model streams a call before the kit has named it.
  z.object({ type: z.literal('toolRequest'), ref: z.string().optional(), name: z.string(), input: z.unknown(), agent }),
  z.object({ type: z.literal('toolResponse'), ref: z.string(), name: z.string(), output: z.unknown(), agent }),
  z.object({ type: z.literal('interrupt'), ...WireInterruptSchema.shape, agent }),
  // A version of a named artifact, once journaled with the call that wrote it: the highest
  // version of a name is the artifact (a retried turn may send a version again).
  z.object({
    type: z.literal('artifact'),
    name: z.string(),
    version: z.number().int().positive(),
    parts: z.array(ArtifactPartChunkSchema),
    ref: z.string().optional(),
    agent,
  }),
  // A change of the agent's state, as a JSON Patch: a call's first is a whole-document
  // `replace` (path ''), each later one applies to the state the ones before it made.
  z.object({ type: z.literal('state'), patch: z.array(JsonPatchOperationSchema), agent }),
]);
export type WireChunk = z.infer<typeof WireChunkSchema>;
