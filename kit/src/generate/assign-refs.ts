import { randomUUID } from 'node:crypto';
import type { Message, ToolRequestPart } from '../model/index.js';

/** A tool request whose ref is known. */
export type RefToolRequestPart = ToolRequestPart & { toolRequest: { ref: string } };

/** True when `ref` is one the kit can take as a call's ref: there is one, and it reads as no sub-agent path. */
const usable = (ref: string | undefined): ref is string => ref !== undefined && ref !== '' && !ref.includes('/');

/**
 * Gives every tool request of a model message a ref. Models that name no call ids still get
 * refs that are unique across the session, because a resume and the turn journal find calls by ref.
 * A model's id with a `/` is never a ref: a client names a sub-agent's question by a path
 * (`<ref>/<subRef>`), so the kit gives that call a ref of its own and keeps the model's id
 * (`metadata.modelRef`) for the model alone: it is what the model is shown as the call's id.
 */
export function assignRefs(message: Message): Message {
  let changed = false;
  const content = message.content.map((part) => {
    if (!('toolRequest' in part) || usable(part.toolRequest.ref)) return part;
    changed = true;
    const modelRef = part.toolRequest.ref;
    const metadata = modelRef ? { metadata: { ...part.metadata, modelRef } } : {};
    return { ...part, ...metadata, toolRequest: { ...part.toolRequest, ref: randomUUID() } };
  });
  return changed ? { ...message, content } : message;
}
