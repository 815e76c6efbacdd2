import type { WireChunk } from '@callable-flows/protocol';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
import type { Flow } from '../flow/index.js';
import { callerContext } from './caller-context.js';
import { chunkSender } from './chunk-sender.js';
import { assertPayloadSize } from './parse-call-request.js';
import type { CallLogScope } from './to-https-error.js';

/**
 * One call of a stateless flow over the wire: the data is the flow's input (parsed by its
 * input schema), the result is its output, the stream is the wire chunks of its generate calls.
 */
export async function runFlowCall(
  flow: Flow,
  request: CallableRequest<unknown>,
  response: CallableResponse<WireChunk> | undefined,
  signal: AbortSignal | undefined,
  scope: CallLogScope,
): Promise<unknown> {
  scope.uid = request.auth?.uid;
  assertPayloadSize(request.data);
  return flow.run(request.data, {
    context: callerContext(request),
    onChunk: chunkSender(request, response),
    signal,
  });
}
