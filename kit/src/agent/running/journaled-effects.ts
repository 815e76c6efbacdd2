import { branchIndices, NOT_RUN_AGAIN_KEY } from '@callable-flows/protocol';
import { inputDigest, recordedResponse } from '../../call-state/index.js';
import type { ToolMiddleware } from '../../generate/index.js';
import type { Message, ToolResponsePart } from '../../model/index.js';
import { headBranchOf, journalOf, type Session } from '../../session/index.js';

// A branch never runs again what another branch already did, when the tool says doing it again
// is the same as having done it: an idempotent tool called with the same input is answered with
// the result another branch journaled, and nothing runs.

const keyOf = (name: string, input: unknown): string => `${name}\u0000${inputDigest(input)}`;

/** A result a tool gave (not a person's answer, not a failure). */
const ranOk = (part: ToolResponsePart | undefined): part is ToolResponsePart =>
  part !== undefined && !part.metadata?.toolError && !part.metadata?.interruptResponse;

/** The responses of the tool message `message` (when it is one), by ref. */
function responsesOf(message: Message | undefined): Map<string, ToolResponsePart> {
  const out = new Map<string, ToolResponsePart>();
  if (message?.role !== 'tool') return out;
  for (const part of message.content) if ('toolResponse' in part) out.set(part.toolResponse.ref ?? '', part);
  return out;
}

/** The results tools gave on branches other than the head (not in its history), by tool name and input digest. */
function offHeadResults(session: Session): Map<string, ToolResponsePart> {
  const out = new Map<string, ToolResponsePart>();
  const list = session.branches?.list;
  if (!list) return out;
  const journal = journalOf(session);
  const head = new Set(branchIndices(list, journal.length, headBranchOf(session).id));
  journal.forEach((message, j) => {
    if (head.has(j) || message.role !== 'model') return;
    // A round's results are on the tool message after it (same branch run), or stamped while it was open.
    const after = head.has(j + 1) ? new Map() : responsesOf(journal[j + 1]);
    for (const part of message.content) {
      if (!('toolRequest' in part)) continue;
      const { name, ref, input } = part.toolRequest;
      const response = after.get(ref ?? '') ?? recordedResponse(part);
      if (ranOk(response)) out.set(keyOf(name, input), response);
    }
  });
  return out;
}

/**
 * The middleware that answers a call of an idempotent tool (`sideEffects: 'idempotent'`) from the
 * journal when another branch of the session already ran it with the same input: its output,
 * marked `notRunAgain` (the ref it ran under) so a card and the trace say it did not run again.
 * Undefined for a session never forked, or one whose other branches ran nothing.
 */
export function journaledEffects(session: Session): ToolMiddleware | undefined {
  const results = offHeadResults(session);
  if (!results.size) return undefined;
  return (call, next) => {
    if (call.tool.config.sideEffects !== 'idempotent') return next();
    const ran = results.get(keyOf(call.request.name, call.request.input));
    if (!ran) return next();
    const { output, content, ref } = ran.toolResponse;
    const metadata = { [NOT_RUN_AGAIN_KEY]: { ref: ref ?? null } };
    return Promise.resolve(content ? { output, content, metadata } : { output, metadata });
  };
}
