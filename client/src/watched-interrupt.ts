import type { AnsweredBy, ApproverAddress } from '@callable-flows/protocol';
import {
  answeredByOf,
  approverAddressOf,
  askedOf,
  declineReasonOf,
  inputDigestOf,
  isApproved,
  isWaiting,
  presentedOf,
  type StampedCall,
  toolErrorOf,
} from '@callable-flows/protocol/call-state';
import type { SessionStatus } from '@callable-flows/protocol/session-doc';
import type { FlowInterrupt, FlowTypes } from './flow-types.js';
import type { WatchedMessage, WatchedPart } from './watched-message.js';

/**
 * Where an approval stands, the one vocabulary from the stored stamps to an app's card: `waiting`
 * for a person; `approved` (its call runs, or ran); `declined` (a person declined it, or gave its
 * response, or a new message closed it unanswered); `expired` (nobody answered in time: the
 * session expired, or the cleanup answered it); `not-run` (a deploy changed its tool before anyone
 * answered, so it could no longer run, and a new message closed it: it never ran); `superseded`
 * (it waits on a branch the conversation left, shown by `showBranch`: it can't be answered).
 */
export type ApprovalState = 'waiting' | 'approved' | 'declined' | 'expired' | 'not-run' | 'superseded';

/**
 * An interrupt of the session and where it stands; `reason` is the person's, when they declined
 * with words; `answeredBy`, who answered it (the owner, or an approver), when, and from which app;
 * `approvers`, who besides the owner it is addressed to (its tool's `approvers`: an app shows the
 * owner that it waits for them, when the owner may not answer it).
 */
export type WatchedInterrupt<T extends FlowTypes = FlowTypes> = FlowInterrupt<T> & {
  state: ApprovalState;
  reason?: string;
  answeredBy?: AnsweredBy;
  approvers?: ApproverAddress;
};

const DECLINED = /^the user declined(?::\s*(.*))?$/is;

/**
 * The reason of a declined call: the decline's own record (on its response, or its request), or
 * its response's output: a `reason` (or `message`, `error`) field or the text itself, with the
 * standard words the model was given ("the user declined: …") taken off.
 */
export function declinedReasonOf(request: StampedCall, response: WatchedPart | undefined): string | undefined {
  const recorded = (response && declineReasonOf(response)) || declineReasonOf(request);
  if (recorded) return recorded;
  const output = response?.toolResponse?.output;
  const fields = (typeof output === 'object' && output !== null ? output : {}) as Record<string, unknown>;
  const said = [output, fields.reason, fields.message, fields.error].find((value) => typeof value === 'string');
  if (typeof said !== 'string') return undefined;
  const standard = DECLINED.exec(said.trim());
  if (standard) return standard[1]?.trim() || undefined;
  return said || undefined;
}

/** Where the call that asked (`request`, answered by `response` if any) stands in a session of status `status`. */
function approvalStateOf(
  request: StampedCall,
  response: WatchedPart | undefined,
  status: SessionStatus,
): ApprovalState {
  if (isWaiting(request)) return status === 'expired' ? 'expired' : 'waiting';
  if (isApproved(request)) return 'approved';
  const error = response && toolErrorOf(response);
  // The cleanup job answers a call nobody approved in time with a deadline-exceeded tool error.
  if (error?.code === 'deadline-exceeded') return 'expired';
  // A new message closes a call whose tool changed with a tool error that says so.
  return error?.reason === 'TOOL_CHANGED' ? 'not-run' : 'declined';
}

/** The tool responses of `messages`, by ref. */
function responsesOf(messages: readonly WatchedMessage[]): Map<string, WatchedPart> {
  const responses = new Map<string, WatchedPart>();
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) if (part.toolResponse) responses.set(part.toolResponse.ref ?? '', part);
  }
  return responses;
}

/** The interrupts of `messages` (a session of status `status`), oldest first, read off the stamps of their tool requests. */
export function interruptsOf<T extends FlowTypes>(
  sessionId: string,
  messages: readonly WatchedMessage[],
  status: SessionStatus,
): WatchedInterrupt<T>[] {
  const responses = responsesOf(messages);
  const interrupts: WatchedInterrupt<T>[] = [];
  for (const message of messages) {
    if (message.role !== 'model') continue;
    for (const part of message.content) {
      const request = part.toolRequest;
      const asked = askedOf(part);
      if (!request || asked === undefined) continue;
      const ref = request.ref ?? '';
      const digest = inputDigestOf(part);
      const response = responses.get(ref);
      const state = approvalStateOf(part, response, status);
      const reason = state === 'declined' ? declinedReasonOf(part, response) : undefined;
      const answeredBy = answeredByOf(part);
      const approvers = approverAddressOf(part);
      const presented = presentedOf(part);
      interrupts.push({
        sessionId,
        ref,
        name: request.name,
        input: request.input,
        metadata: asked,
        ...(digest === undefined ? {} : { inputDigest: digest }),
        ...(presented === undefined ? {} : { presented }),
        state,
        ...(reason === undefined ? {} : { reason }),
        ...(answeredBy === undefined ? {} : { answeredBy }),
        ...(approvers === undefined ? {} : { approvers }),
      } as WatchedInterrupt<T>);
    }
  }
  return interrupts;
}
