import type { WireChunk } from '@callable-flows/protocol';
import { askedInputDigest, askedOf, isWaiting, nestedInterruptsOf, presentedOf } from '../call-state/index.js';
import {
  type GenerateResponseChunk,
  type Part,
  type SessionEvent,
  sessionEventOf,
  type ToolRequestPart,
} from '../model/index.js';

function frameToolRequest(part: ToolRequestPart): WireChunk | undefined {
  const { name, ref, input, partial } = part.toolRequest;
  // A partial request is still being streamed; the complete one follows.
  if (partial) return undefined;
  if (isWaiting(part)) {
    // A sub-agent call's questions are its sub-agent's, streamed as its chunks (by path refs).
    if (nestedInterruptsOf(part)) return undefined;
    const metadata = askedOf(part) ?? true;
    // What runs, as the tool presents it: the streamed card shows what the stored one does.
    const presented = presentedOf(part);
    return {
      type: 'interrupt',
      ref: ref ?? '',
      name,
      input: input ?? null,
      metadata,
      inputDigest: askedInputDigest(part),
      ...(presented === undefined ? {} : { presented }),
    };
  }
  return ref === undefined
    ? { type: 'toolRequest', name, input: input ?? null }
    : { type: 'toolRequest', ref, name, input: input ?? null };
}

function frameModelPart(part: Part): WireChunk | undefined {
  if ('text' in part) return part.text ? { type: 'text', text: part.text } : undefined;
  if ('reasoning' in part) return part.reasoning ? { type: 'reasoning', text: part.reasoning } : undefined;
  if ('toolRequest' in part) return frameToolRequest(part);
  return undefined;
}

function frameToolPart(part: Part): WireChunk | undefined {
  if (!('toolResponse' in part)) return undefined;
  const { name, ref, output } = part.toolResponse;
  return { type: 'toolResponse', ref: ref ?? '', name, output: output ?? null };
}

function frameSessionEvent(event: SessionEvent): WireChunk {
  if (event.kind === 'state') return { type: 'state', patch: event.patch };
  const { name, version, parts, ref } = event.artifact;
  return ref === undefined
    ? { type: 'artifact', name, version, parts }
    : { type: 'artifact', name, version, parts, ref };
}

/**
 * The wire chunks of one generate chunk. Model chunks carry text, reasoning and tool requests
 * (an interrupt is a model chunk whose tool request is stamped `metadata.interrupt`); tool
 * chunks carry tool responses. Media, data and aggregated repeats are not streamed: the
 * final result has them. A session event (a journaled artifact, a state patch) is its own chunk. A sub-agent's chunks (`agentTool`) carry its name as `agent`.
 */
export function frameChunk(chunk: GenerateResponseChunk): WireChunk[] {
  if (chunk.aggregated) return [];
  const event = sessionEventOf(chunk);
  if (event) {
    const framed = frameSessionEvent(event);
    return [chunk.agent === undefined ? framed : { ...framed, agent: chunk.agent }];
  }
  const frame =
    chunk.role === 'tool' ? frameToolPart : chunk.role === 'model' || !chunk.role ? frameModelPart : undefined;
  if (!frame) return [];
  const wire: WireChunk[] = [];
  const agent = chunk.agent;
  for (const part of chunk.content) {
    const framed = frame(part);
    // A sub-agent's chunk says whose it is; the agent's own carry no such field (what old clients read).
    if (framed) wire.push(agent === undefined ? framed : { ...framed, agent });
  }
  return wire;
}
