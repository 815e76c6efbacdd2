import { callerContext } from './caller-context.js';
import { chunkSender } from './chunk-sender.js';
import { assertPayloadSize } from './parse-call-request.js';
/**
 * One call of a stateless flow over the wire: the data is the flow's input (parsed by its
 * input schema), the result is its output, the stream is the wire chunks of its generate calls.
 */
export async function runFlowCall(flow, call) {
    assertPayloadSize(call.request.data);
    return flow.run(call.request.data, {
        context: callerContext(call.request),
        onChunk: chunkSender(call.request, call.response),
        signal: call.signal,
    });
}
//# sourceMappingURL=run-flow-call.js.map