import { randomUUID } from 'node:crypto';
import type { Message, Part, ToolRequestPart } from '../model/index.js';
import { CALL_ID_PREFIX_KEY } from './assign-call-ids.js';
import { randomId } from './random-id.js';

/** A tool request whose ref is known. */
export type RefToolRequestPart = ToolRequestPart & { toolRequest: { ref: string } };

/** True when `ref` is one the kit can take as a call's ref: there is one, and it reads as no sub-agent path. */
const usable = (ref: string | undefined): ref is string => ref !== undefined && ref !== '' && !ref.includes('/');

/**
 * Gives every tool request of a model message, in one pass, a ref, and the message the id its
 * calls' ids are made of (`metadata.callIdPrefix`; call `n` is `<id>.<n>`, `ctx.callId`), both
 * journaled with the message, so a retry, a resume and a continuation read the same ones. Models
 * that name no call ids still get refs that are unique across the session, because a resume and
 * the turn journal find calls by ref. A model's id with a `/` is never a ref: a client names a
 * sub-agent's question by a path (`<ref>/<subRef>`), so the kit gives that call a ref of its own
 * and keeps the model's id (`metadata.modelRef`) for the model alone: it is what the model is
 * shown as the call's id. The model's ref is its own (two sessions' models may use the same one);
 * the call id is not: one random id per message (132 bits: no other message's, and no one can
 * guess a call's id before it exists) and the part's index in it. Not a counter: an app may key a
 * document a client can write on it. Kept on the message, not on each part: a part with an id of
 * its own was a copy of the part and its metadata per call, which kept the engine bench's b8 more
 * than 5 % slower than without call ids (docs/benchmarks.md, "call ids").
 */
export function assignRefs(message: Message): Message {
  let content: Part[] | undefined;
  let calls = false;
  const parts = message.content;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    if (!('toolRequest' in part)) continue;
    calls = true;
    const { toolRequest, metadata } = part;
    if (usable(toolRequest.ref)) continue;
    content ??= parts.slice();
    const modelRef = toolRequest.ref;
    content[i] = {
      toolRequest: { ...toolRequest, ref: randomUUID() },
      ...(modelRef ? { metadata: { ...metadata, modelRef } } : metadata === undefined ? {} : { metadata }),
    };
  }
  const given = message.metadata;
  if (!calls || typeof given?.[CALL_ID_PREFIX_KEY] === 'string') return content ? { ...message, content } : message;
  // A literal, not a spread: a message is these three keys (`MessageSchema` is strict), and this
  // runs per model message; `callIdPrefix` is CALL_ID_PREFIX_KEY, written out for one V8 boilerplate.
  return {
    role: message.role,
    content: content ?? parts,
    metadata: given === undefined ? { callIdPrefix: randomId() } : { ...given, [CALL_ID_PREFIX_KEY]: randomId() },
  };
}
