import { randomUUID } from 'node:crypto';
import type { Message, ToolRequestPart } from '../model/index.js';

/** A tool request whose ref is known. */
export type RefToolRequestPart = ToolRequestPart & { toolRequest: { ref: string } };

/**
 * Gives every tool request of a model message a ref. Models that name no call ids still get
 * refs that are unique across the session, because a resume and the turn journal find calls by ref.
 */
export function assignRefs(message: Message): Message {
  let changed = false;
  const content = message.content.map((part) => {
    if (!('toolRequest' in part) || part.toolRequest.ref !== undefined) return part;
    changed = true;
    return { ...part, toolRequest: { ...part.toolRequest, ref: randomUUID() } };
  });
  return changed ? { ...message, content } : message;
}
