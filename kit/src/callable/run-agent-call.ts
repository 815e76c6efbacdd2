import {
  type ApprovalResult,
  isStopRequest,
  isWithdrawRequest,
  type MessageResult,
  StopRequestSchema,
  type StopResult,
  WithdrawRequestSchema,
  type WithdrawResult,
} from '@callable-flows/protocol';
import type { Agent, WhileBusy } from '../agent/index.js';
import { fromZodError, KitError } from '../errors/index.js';
import { assertProtocolVersion } from './assert-protocol-version.js';
import type { CallContext } from './call-context.js';
import { callerContext } from './caller-context.js';
import { chunkSender } from './chunk-sender.js';
import { assertClientMedia } from './media-policy.js';
import { assertPayloadSize, parseCallRequest, toAgentInput } from './parse-call-request.js';
import { toMessageResult } from './to-call-result.js';

/**
 * One call of an agent over the wire: parse the data, run the turn as the caller, return the
 * wire result (`queued` from an agent that queued the message; `answered` to an approver who is
 * not the session's owner: a resume names its session and goes through `Agent.answer`); or, for
 * `{ sessionId, stop: true }`, stop the turn running on the session; for
 * `{ sessionId, withdraw: requestId }`, take a queued message back.
 */
export async function runAgentCall(
  agent: Agent<WhileBusy>,
  call: CallContext,
): Promise<MessageResult | StopResult | ApprovalResult | WithdrawResult> {
  const { request, signal, traces } = call;
  if (!request.auth)
    throw new KitError('unauthenticated', 'sign in first: a session belongs to a signed-in user', {
      reason: 'UNAUTHENTICATED',
    });
  assertProtocolVersion(request.data);
  if (isStopRequest(request.data)) {
    assertPayloadSize(request.data);
    const stop = StopRequestSchema.safeParse(request.data);
    if (!stop.success) throw fromZodError(stop.error, 'request');
    const { sessionId, requestId, clientId } = stop.data;
    return agent.stop(sessionId, {
      uid: request.auth.uid,
      ...(requestId ? { requestId } : {}),
      ...(clientId ? { clientId } : {}),
    });
  }
  if (isWithdrawRequest(request.data)) {
    assertPayloadSize(request.data);
    const withdraw = WithdrawRequestSchema.safeParse(request.data);
    if (!withdraw.success) throw fromZodError(withdraw.error, 'request');
    return agent.withdraw(withdraw.data.sessionId, withdraw.data.withdraw, { uid: request.auth.uid });
  }
  const parsed = parseCallRequest(request.data);
  assertClientMedia(parsed, call.media);
  const onChunk = chunkSender(request, call.response);
  const ctx = {
    uid: request.auth.uid,
    context: callerContext(request),
    ...(onChunk ? { onChunk } : {}),
    ...(signal ? { signal } : {}),
    ...(parsed.requestId ? { requestId: parsed.requestId } : {}),
    ...(traces ? { traces } : {}),
    ...(call.warmed ? { warmed: call.warmed } : {}),
  };
  const input = toAgentInput(parsed);
  if (input.resume && parsed.sessionId !== undefined) {
    const answered = await agent.answer(parsed.sessionId, input.resume, ctx);
    return answered.status === 'answered' ? answered : toMessageResult(answered);
  }
  return toMessageResult(await agent.send(parsed.sessionId, input, ctx));
}
