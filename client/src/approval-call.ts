import type { Approval, ApprovalResult, MessageResult, WireRequest } from '@callable-flows/protocol';
import { type ApprovalDecision, approvalDecision } from './interrupt-replies.js';
import { newRequestId } from './request-id.js';
import type { WireCallable } from './wire-callable.js';

/**
 * One attempt of an approver's answer to the inbox document `inbox` (retried by the caller under
 * the same request id): the server's `ApprovalResult`; the session's owner, answering from the
 * inbox, gets their turn's result, and is told the same as an approver.
 */
export function approvalCall(
  callable: WireCallable,
  inbox: Approval,
  decision: ApprovalDecision,
  call: { requestId?: string },
): () => Promise<ApprovalResult> {
  const resume = approvalDecision(inbox, decision);
  const request: WireRequest = { sessionId: inbox.sessionId, resume, requestId: call.requestId ?? newRequestId() };
  const answer = decision.kind === 'approve' ? 'restart' : decision.kind;
  return async () => {
    const wire = (await callable(request)).data as MessageResult | ApprovalResult;
    if (wire.status === 'answered') return wire;
    return { sessionId: inbox.sessionId, status: 'answered', answered: [{ ref: inbox.ref, name: inbox.tool, answer }] };
  };
}
