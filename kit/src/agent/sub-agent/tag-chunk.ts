import { pathRef } from '../../call-state/index.js';
import { type GenerateResponseChunk, type Part, sessionEventChunk, sessionEventOf } from '../../model/index.js';

function tagPart(part: Part, parentRef: string): Part {
  if ('toolRequest' in part && part.toolRequest.ref !== undefined) {
    return { ...part, toolRequest: { ...part.toolRequest, ref: pathRef(parentRef, part.toolRequest.ref) } };
  }
  if ('toolResponse' in part && part.toolResponse.ref !== undefined) {
    return { ...part, toolResponse: { ...part.toolResponse, ref: pathRef(parentRef, part.toolResponse.ref) } };
  }
  return part;
}

/**
 * A sub-agent's chunk as the parent's stream carries it: tagged with the agent that made it (the
 * innermost, when sub-agents nest) and its calls' refs made paths under the parent's call, so a
 * client never mistakes a sub-agent's call for one of the parent's.
 */
export function tagChunk(chunk: GenerateResponseChunk, agent: string, parentRef: string): GenerateResponseChunk {
  const event = sessionEventOf(chunk);
  // A sub-agent's artifact names the call that wrote it by path, as its tool calls are named.
  if (event?.kind === 'artifact' && event.artifact.ref !== undefined) {
    const artifact = { ...event.artifact, ref: pathRef(parentRef, event.artifact.ref) };
    return { ...sessionEventChunk({ kind: 'artifact', artifact }), agent: chunk.agent ?? agent };
  }
  const content = chunk.content.map((part) => tagPart(part, parentRef));
  return { ...chunk, content, agent: chunk.agent ?? agent };
}
