import type { Span } from '@opentelemetry/api';
import type { Agent, AgentCallContext, AgentInput, AgentTurnResult } from '../agent/agent.js';
import { GEN_AI, inSpan, KIT_ATTR } from '../telemetry/index.js';

/** The resume's replies as `respond name#ref` (any kind of reply the wire protocol has, decline included). */
function resumeReplies(resume: NonNullable<AgentInput['resume']>): string[] {
  const replies: string[] = [];
  for (const [kind, list] of Object.entries(resume)) {
    if (!Array.isArray(list)) continue;
    for (const reply of list as { ref?: unknown; name?: unknown }[])
      replies.push(`${kind} ${String(reply.name)}#${String(reply.ref)}`);
  }
  return replies;
}

function setResult(span: Span, result: AgentTurnResult): void {
  span.setAttribute(KIT_ATTR.sessionId, result.sessionId);
  span.setAttribute(GEN_AI.conversationId, result.sessionId);
  span.setAttribute(KIT_ATTR.status, result.status);
  span.setAttribute(GEN_AI.responseFinishReasons, [result.finishReason]);
  if (result.usage.inputTokens !== undefined) span.setAttribute(GEN_AI.inputTokens, result.usage.inputTokens);
  if (result.usage.outputTokens !== undefined) span.setAttribute(GEN_AI.outputTokens, result.usage.outputTokens);
  if (result.usage.costUsd !== undefined) span.setAttribute(KIT_ATTR.costUsd, result.usage.costUsd);
  for (const interrupt of result.interrupts) {
    span.addEvent('interrupt', { [GEN_AI.toolName]: interrupt.name, [GEN_AI.toolCallId]: interrupt.ref });
  }
}

/**
 * One agent turn in an `invoke_agent {name}` span: the session, a `resume` event naming the
 * replies, an `interrupt` event per question the turn leaves, usage and cost; a failure
 * carries its code and reason. The model and tool spans of the turn nest in it.
 */
export function tracedAgentSend(
  agent: Agent,
  sessionId: string | undefined,
  input: AgentInput,
  ctx: AgentCallContext,
): Promise<AgentTurnResult> {
  // Built only when a span records (the thunk): with no SDK registered, a call builds nothing for it.
  const attributes = () => ({
    [GEN_AI.operationName]: 'invoke_agent',
    [GEN_AI.agentName]: agent.name,
    ...(sessionId === undefined ? {} : { [KIT_ATTR.sessionId]: sessionId, [GEN_AI.conversationId]: sessionId }),
    ...(ctx.requestId === undefined ? {} : { [KIT_ATTR.requestId]: ctx.requestId }),
  });
  return inSpan(`invoke_agent ${agent.name}`, { attributes }, async (span) => {
    if (input.resume && span.isRecording()) span.addEvent('resume', { replies: resumeReplies(input.resume) });
    const result = await agent.send(sessionId, input, ctx);
    if (span.isRecording()) setResult(span, result);
    return result;
  });
}
