import { isStopRequest } from '@callable-flows/protocol';
import { SpanKind } from '@opentelemetry/api';
import { inSpan, KIT_ATTR } from '../telemetry/index.js';
import { requestedSessionId } from './call-usage.js';
import { runAgentCall } from './run-agent-call.js';
import { runFlowCall } from './run-flow-call.js';
/**
 * The reads to start for `request` while it is admitted: an agent's session, and its queue for a
 * message (`Agent.warm`); none for a stop, a flow, or a call without a session.
 */
export function warmCall(target, request) {
    const sessionId = requestedSessionId(request.data);
    if (target.kind !== 'agent' || sessionId === undefined || isStopRequest(request.data))
        return undefined;
    // Only a message can be queued: a resume never reads the queue.
    return target.warm(sessionId, { queue: request.data.message !== undefined });
}
/** One call of an agent (the session wire protocol) or of a flow (its input in, its output out). */
export function runCall(target, call) {
    // The root of the call's spans: the turn (or the flow), its model calls and tool calls nest in it.
    // Built only when a span records (the thunk): with no SDK registered, a call builds nothing for it.
    const attributes = () => ({
        'rpc.system': 'firebase_callable',
        'rpc.method': target.name,
        [KIT_ATTR.flow]: target.name,
    });
    return inSpan(`callable ${target.name}`, { kind: SpanKind.SERVER, attributes }, () => target.kind === 'agent' ? runAgentCall(target, call) : runFlowCall(target, call));
}
//# sourceMappingURL=run-call.js.map