import { randomUUID } from 'node:crypto';
import type { Message, Part, ToolRequestPart } from '../model/index.js';
import { CALL_ID_KEY } from './assign-call-ids.js';
import { randomId } from './random-id.js';

/** A tool request whose ref is known. */
export type RefToolRequestPart = ToolRequestPart & { toolRequest: { ref: string } };

/** True when `ref` is one the kit can take as a call's ref: there is one, and it reads as no sub-agent path. */
const usable = (ref: string | undefined): ref is string => ref !== undefined && ref !== '' && !ref.includes('/');

/**
 * Gives every tool request of a model message, in one pass, a ref and the kit's own id for the
 * call (`metadata.callId`, `ctx.callId`), both journaled with the message, so a retry, a resume
 * and a continuation read the same ones. Models that name no call ids still get refs that are
 * unique across the session, because a resume and the turn journal find calls by ref. A model's
 * id with a `/` is never a ref: a client names a sub-agent's question by a path
 * (`<ref>/<subRef>`), so the kit gives that call a ref of its own and keeps the model's id
 * (`metadata.modelRef`) for the model alone: it is what the model is shown as the call's id.
 * The model's ref is its own (two sessions' models may use the same one); the call id is not:
 * it is `<random id>.<index>`, one random id per message (132 bits: no other message's, and no
 * one can guess a call's id before it exists) and the part's index in it. Not a counter: an app
 * may key a document a client can write on it. Not a UUID per call: that, with the part copied
 * by spreads, made the engine bench's b8 about 30 % slower (docs/benchmarks.md, "call ids").
 */
export function assignRefs(message: Message): Message {
  let content: Part[] | undefined;
  // `<random id>.`: each call's id is this and its index.
  let idPrefix: string | undefined;
  const parts = message.content;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    if (!('toolRequest' in part)) continue;
    const { toolRequest, metadata: given } = part;
    const refOk = usable(toolRequest.ref);
    const idOk = typeof given?.[CALL_ID_KEY] === 'string';
    if (refOk && idOk) continue;
    content ??= parts.slice();
    idPrefix ??= `${randomId()}.`;
    // Object literals, not spreads of the part: this runs per call. A tool request part is these two
    // keys; `callId` is CALL_ID_KEY, written out so the literal is one V8 boilerplate.
    content[i] = {
      toolRequest: refOk ? toolRequest : { ...toolRequest, ref: randomUUID() },
      metadata:
        given === undefined && refOk
          ? { callId: idPrefix + i }
          : withIds(given, toolRequest.ref, refOk, idOk, idPrefix + i),
    };
  }
  return content ? { ...message, content } : message;
}

/** The metadata of a part that already had some, or whose ref the model named as a path. */
function withIds(
  given: Record<string, unknown> | undefined,
  modelRef: string | undefined,
  refOk: boolean,
  idOk: boolean,
  callId: string,
): Record<string, unknown> {
  const metadata: Record<string, unknown> = { ...given };
  if (!refOk && modelRef) metadata.modelRef = modelRef;
  if (!idOk) metadata[CALL_ID_KEY] = callId;
  return metadata;
}
