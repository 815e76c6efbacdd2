import type { JsonPatchOperation } from '@callable-flows/protocol';
import type { Artifact } from './artifact-part.js';
import type { GenerateResponseChunk } from './chunk.js';

/**
 * What a turn streams about its session beside the model's words: a journaled artifact version,
 * or a change of the agent's state as a JSON Patch. It rides the turn's chunk stream as a chunk
 * with no content (so a sub-agent's reaches its parent's caller tagged, as every chunk does),
 * under a key of the chunk's `custom` that no model sets.
 */
export type SessionEvent =
  | { kind: 'artifact'; artifact: Omit<Artifact, 'at'> }
  | { kind: 'state'; patch: JsonPatchOperation[] };

const KEY = 'callableFlows.sessionEvent';

/** The chunk that carries `event`. */
export const sessionEventChunk = (event: SessionEvent): GenerateResponseChunk => ({
  content: [],
  custom: { [KEY]: event },
});

/** The session event a chunk carries; undefined for a model's chunk. */
export function sessionEventOf(chunk: GenerateResponseChunk): SessionEvent | undefined {
  const custom = chunk.custom as Record<string, unknown> | undefined;
  if (typeof custom !== 'object' || custom === null || !Object.hasOwn(custom, KEY)) return undefined;
  return custom[KEY] as SessionEvent;
}
