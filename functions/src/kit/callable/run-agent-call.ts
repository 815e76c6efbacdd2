import type { CallResult, WireChunk } from '@callable-flows/protocol';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
import type { Agent } from '../agent/agent.js';
import { KitError } from '../errors/index.js';
import type { TraceSink } from '../trace/trace-sink.js';
import { callerContext } from './caller-context.js';
import { chunkSender } from './chunk-sender.js';
import { assertClientMedia, type MediaPolicy } from './media-policy.js';
import { parseCallRequest, toAgentInput } from './parse-call-request.js';
import { toCallResult } from './to-call-result.js';
import type { CallLogScope } from './to-https-error.js';

/**
 * One call of an agent over the wire: parse the data, run the turn as the caller, return the
 * wire result. `scope` is filled in as the call learns its session, for the error log.
 */
export async function runAgentCall(
  agent: Agent,
  request: CallableRequest<unknown>,
  response: CallableResponse<WireChunk> | undefined,
  signal: AbortSignal | undefined,
  scope: CallLogScope,
  traces?: TraceSink | TraceSink[],
  media?: MediaPolicy,
): Promise<CallResult> {
  if (!request.auth)
    throw new KitError('unauthenticated', 'sign in first: a session belongs to a signed-in user', {
      reason: 'UNAUTHENTICATED',
    });
  scope.uid = request.auth.uid;
  const call = parseCallRequest(request.data);
  assertClientMedia(call, media);
  scope.sessionId = call.sessionId;
  scope.requestId = call.requestId;
  const onChunk = chunkSender(request, response);
  const result = await agent.send(call.sessionId, toAgentInput(call), {
    uid: request.auth.uid,
    context: callerContext(request),
    ...(onChunk ? { onChunk } : {}),
    ...(signal ? { signal } : {}),
    ...(call.requestId ? { requestId: call.requestId } : {}),
    ...(traces ? { traces } : {}),
  });
  scope.sessionId = result.sessionId;
  return toCallResult(result);
}
