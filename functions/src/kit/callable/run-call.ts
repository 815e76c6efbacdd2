import type { WireChunk } from '@callable-flows/protocol';
import { SpanKind } from '@opentelemetry/api';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
import type { Agent } from '../agent/agent.js';
import type { Flow } from '../flow/index.js';
import { inSpan, KIT_ATTR } from '../telemetry/index.js';
import type { TraceSink } from '../trace/trace-sink.js';
import type { MediaPolicy } from './media-policy.js';
import { runAgentCall } from './run-agent-call.js';
import { runFlowCall } from './run-flow-call.js';
import type { CallLogScope } from './to-https-error.js';

/** One call of an agent (the session wire protocol) or of a flow (its input in, its output out). */
export function runCall(
  target: Agent | Flow,
  request: CallableRequest<unknown>,
  response: CallableResponse<WireChunk> | undefined,
  signal: AbortSignal | undefined,
  scope: CallLogScope,
  traces?: TraceSink | TraceSink[],
  media?: MediaPolicy,
): Promise<unknown> {
  scope.function = target.name;
  // The root of the call's spans: the turn (or the flow), its model calls and tool calls nest in it.
  // Built only when a span records (the thunk): with no SDK registered, a call builds nothing for it.
  const attributes = () => ({
    'rpc.system': 'firebase_callable',
    'rpc.method': target.name,
    [KIT_ATTR.flow]: target.name,
  });
  return inSpan(`callable ${target.name}`, { kind: SpanKind.SERVER, attributes }, () =>
    target.kind === 'agent'
      ? runAgentCall(target, request, response, signal, scope, traces, media)
      : runFlowCall(target, request, response, signal, scope),
  );
}
