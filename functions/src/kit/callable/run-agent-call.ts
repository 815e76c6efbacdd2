import type { CallResult } from '@callable-flows/protocol';
import type { Agent } from '../agent/agent.js';
import { KitError } from '../errors/index.js';
import type { CallContext } from './call-context.js';
import { callerContext } from './caller-context.js';
import { chunkSender } from './chunk-sender.js';
import { assertClientMedia } from './media-policy.js';
import { parseCallRequest, toAgentInput } from './parse-call-request.js';
import { toCallResult } from './to-call-result.js';

/** One call of an agent over the wire: parse the data, run the turn as the caller, return the wire result. */
export async function runAgentCall(agent: Agent, call: CallContext): Promise<CallResult> {
  const { request, signal, traces } = call;
  if (!request.auth)
    throw new KitError('unauthenticated', 'sign in first: a session belongs to a signed-in user', {
      reason: 'UNAUTHENTICATED',
    });
  const parsed = parseCallRequest(request.data);
  assertClientMedia(parsed, call.media);
  const onChunk = chunkSender(request, call.response);
  const result = await agent.send(parsed.sessionId, toAgentInput(parsed), {
    uid: request.auth.uid,
    context: callerContext(request),
    ...(onChunk ? { onChunk } : {}),
    ...(signal ? { signal } : {}),
    ...(parsed.requestId ? { requestId: parsed.requestId } : {}),
    ...(traces ? { traces } : {}),
  });
  return toCallResult(result);
}
