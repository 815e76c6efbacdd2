import type { AnsweredBy, ApproverAddress, PresentedInput } from '@callable-flows/protocol';
import { type Asked, callStateOf, isRecorded } from '@callable-flows/protocol/call-state';
import type { Part, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import { inputDigest } from './input-digest.js';

/** What an interrupt's stamp records of the tool that asked: its version, and who besides the owner may answer. */
export interface InterruptAsker {
  /** The tool's version (default 1; stamped only when not 1). */
  toolVersion?: number;
  /** The inbox address of approvers other than the owner. */
  approvers?: ApproverAddress;
  /** The call's input as its tool presents it to the person who approves it. */
  presented?: PresentedInput;
}

// The one writer of a call's stamps (the protocol's call-state.ts reads them): an open round is stored as
// stamps on its tool requests, so it can be resumed, or retried, from its last message alone.

function withoutStamps(part: ToolRequestPart): Record<string, unknown> {
  const {
    interrupt: _i,
    inputDigest: _d,
    pendingOutput: _p,
    pendingContent: _c,
    pendingError: _e,
    keptState: _k,
    ...rest
  } = part.metadata ?? {};
  return rest;
}

/**
 * The request, stamped as waiting for a person, with the digest of the input it asks about (what
 * a client's view shows and sends back with its answer; admission compares it with the stored
 * input's), the version of the tool that asked (`toolVersion`, only when not 1: a call stamped
 * without one reads as version 1, as every call stored before versions does; it stays on the call
 * once it is answered: a retried answer is checked against the version it was asked under) and,
 * when its tool names approvers beside the owner, the inbox address they read it at (the session
 * store writes the inbox document from it, so the session alone says who is asked) and its input
 * as the tool presents it (`presented`: what the inbox document and every card show).
 */
export function stampInterrupt(
  part: ToolRequestPart,
  metadata: Asked,
  asker: InterruptAsker = {},
  kept?: Record<string, unknown>,
): ToolRequestPart {
  const inputDigestStamp = inputDigest(part.toolRequest.input);
  // A restarted call that asks again waits anew, under the tool that runs now: the answer and
  // version of its last wait are not this one's (an expiry or a fork must not read it approved).
  const {
    answer: _answer,
    resumed: _resumed,
    declined: _declined,
    resolvedInterrupt: _resolved,
    answeredBy: _by,
    answeredAs: _as,
    approvers: _to,
    toolVersion: _v,
    presented: _p,
    ...rest
  } = withoutStamps(part);
  const stamped: Record<string, unknown> = { ...rest, interrupt: metadata, inputDigest: inputDigestStamp };
  const toolVersion = asker.toolVersion ?? 1;
  if (toolVersion !== 1) stamped.toolVersion = toolVersion;
  if (asker.approvers) stamped.approvers = asker.approvers;
  if (asker.presented) stamped.presented = asker.presented;
  // What the tool keeps with the waiting call (its own, never a client's to see or send): until it runs again.
  if (kept !== undefined) stamped.keptState = kept;
  return { toolRequest: part.toolRequest, metadata: stamped };
}

/** The answered request, stamped with who answered it (kept once its round closes: the owner's view shows it). */
export function stampAnsweredBy(part: ToolRequestPart, by: AnsweredBy): ToolRequestPart {
  return { toolRequest: part.toolRequest, metadata: { ...part.metadata, answeredBy: by } };
}

/** The request, carrying the response it already has while other calls of the turn wait. */
export function stampPendingOutput(part: ToolRequestPart, response: ToolResponsePart): ToolRequestPart {
  const metadata: Record<string, unknown> = {
    ...withoutStamps(part),
    pendingOutput: response.toolResponse.output ?? null,
  };
  if (response.toolResponse.content) metadata.pendingContent = response.toolResponse.content;
  // A failed call keeps its error beside its output: its response, given back, is an error response again.
  if (response.metadata?.toolError !== undefined) metadata.pendingError = response.metadata.toolError;
  return { toolRequest: part.toolRequest, metadata };
}

/** The request, marked as an interrupt that has been dealt with (closed without an answer). */
export function stampResolved(part: ToolRequestPart): ToolRequestPart {
  const resolvedInterrupt = part.metadata?.interrupt;
  return { toolRequest: part.toolRequest, metadata: { ...withoutStamps(part), resolvedInterrupt } };
}

/** True when `metadata` holds a stamp {@link withoutStamps} takes off, or nothing at all. */
function hasStampOrNothing(metadata: Record<string, unknown>): boolean {
  if (
    'interrupt' in metadata ||
    'inputDigest' in metadata ||
    'pendingOutput' in metadata ||
    'pendingContent' in metadata ||
    'pendingError' in metadata ||
    'keptState' in metadata
  ) {
    return true;
  }
  for (const key in metadata) if (Object.hasOwn(metadata, key)) return false;
  return true;
}

/**
 * The request with no pending state left on it: the part itself when it carries none (every call
 * of a fresh round carries its call id, and a round settles per model call: no copy per call).
 */
export function clearStamps(part: ToolRequestPart): ToolRequestPart {
  if (part.metadata === undefined || !hasStampOrNothing(part.metadata)) return part;
  const metadata = withoutStamps(part);
  return Object.keys(metadata).length ? { toolRequest: part.toolRequest, metadata } : { toolRequest: part.toolRequest };
}

/** The response a recorded call stands for (`undefined` when it has none); `state`: its state, when read already. */
export function recordedResponse(part: ToolRequestPart, state = callStateOf(part)): ToolResponsePart | undefined {
  if (!isRecorded(state)) return undefined;
  const { name, ref } = part.toolRequest;
  // How the response says who answered: a person (and whether they declined), or the tool.
  const metadata =
    state.kind === 'answered'
      ? { interruptResponse: true }
      : state.kind === 'declined'
        ? { interruptResponse: true, declined: state.declined }
        : state.kind === 'failed'
          ? { toolError: state.error }
          : { source: 'pending' };
  return {
    toolResponse: {
      name,
      ...(ref === undefined ? {} : { ref }),
      output: state.output,
      ...(state.content ? { content: state.content as Part[] } : {}),
    },
    metadata,
  };
}

/** The waiting request, answered by a person with `response` (respond or decline): final once stored. */
export function stampAnswer(part: ToolRequestPart, response: ToolResponsePart): ToolRequestPart {
  const stamped = stampPendingOutput(part, response);
  const declined = response.metadata?.declined;
  const metadata: Record<string, unknown> = {
    ...stamped.metadata,
    resolvedInterrupt: part.metadata?.interrupt ?? true,
    answer: declined === undefined ? 'respond' : 'decline',
  };
  if (declined !== undefined) metadata.declined = declined;
  return { toolRequest: part.toolRequest, metadata };
}

/** The waiting request, approved by a person (`restart` is what tool.restart made of it): it runs next. */
export function stampApproved(part: ToolRequestPart, restart: ToolRequestPart): ToolRequestPart {
  return {
    toolRequest: { ...part.toolRequest, input: restart.toolRequest.input },
    metadata: {
      ...withoutStamps(part),
      ...restart.metadata,
      // The tool's kept state goes with the approved call to its next run.
      ...(part.metadata?.keptState === undefined ? {} : { keptState: part.metadata.keptState }),
      resumed: restart.metadata?.resumed ?? true,
      resolvedInterrupt: part.metadata?.interrupt ?? true,
      answer: 'restart',
    },
  };
}

/** An answered call as it stood while it waited: what a retried answer is built from and compared with. */
export function asWaiting(part: ToolRequestPart): ToolRequestPart {
  const {
    answer: _a,
    resumed: _r,
    declined: _d,
    pendingOutput: _p,
    pendingContent: _c,
    pendingError: _e,
    answeredBy: _by,
    answeredAs: _as,
    resolvedInterrupt,
    replacedInput,
    ...rest
  } = part.metadata ?? {};
  const input = replacedInput === undefined ? part.toolRequest.input : replacedInput;
  return { toolRequest: { ...part.toolRequest, input }, metadata: { ...rest, interrupt: resolvedInterrupt ?? true } };
}
