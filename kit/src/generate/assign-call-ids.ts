import { randomUUID } from 'node:crypto';
import type { Message, ToolRequestPart } from '../model/index.js';

/** The tool request part's metadata key that holds the kit's own id of the call (`ctx.callId`). */
export const CALL_ID_KEY = 'callId';

/**
 * Gives every tool request of a model message the kit's own id for the call, in the part's
 * metadata: journaled with the message, so a retry, a resume and a continuation read the same id.
 * The model's ref is its own (two sessions' models may use the same one); this id is not.
 */
export function assignCallIds(message: Message): Message {
  let changed = false;
  const content = message.content.map((part) => {
    if (!('toolRequest' in part) || typeof part.metadata?.[CALL_ID_KEY] === 'string') return part;
    changed = true;
    return { ...part, metadata: { ...part.metadata, [CALL_ID_KEY]: randomUUID() } };
  });
  return changed ? { ...message, content } : message;
}

/**
 * The call's id: the one its part was journaled with; for a call journaled before call ids
 * (or a request the caller built), its session and ref, which no other session shares.
 */
export function callIdOf(part: ToolRequestPart, sessionId: string | undefined): string {
  const id = part.metadata?.[CALL_ID_KEY];
  if (typeof id === 'string') return id;
  const ref = part.toolRequest.ref ?? '';
  return sessionId === undefined ? ref : `${sessionId}:${ref}`;
}
