import type { ToolRequestPart, ToolResponsePart } from '../model/index.js';

// An open round (interrupted, or cut short) is stored as stamps on its tool requests
// (`interrupt`, `pendingOutput`, `pendingContent`, `resumed`, `resolvedInterrupt`), so it can
// be resumed, or retried, from its last message alone.

function withoutStamps(part: ToolRequestPart): Record<string, unknown> {
  const { interrupt: _i, pendingOutput: _p, pendingContent: _c, ...rest } = part.metadata ?? {};
  return rest;
}

/** The request, stamped as waiting for a person. */
export function stampInterrupt(part: ToolRequestPart, metadata: Record<string, unknown> | true): ToolRequestPart {
  return { toolRequest: part.toolRequest, metadata: { ...withoutStamps(part), interrupt: metadata } };
}

/** The request, carrying the response it already has while other calls of the turn wait. */
export function stampPendingOutput(part: ToolRequestPart, response: ToolResponsePart): ToolRequestPart {
  const metadata: Record<string, unknown> = {
    ...withoutStamps(part),
    pendingOutput: response.toolResponse.output ?? null,
  };
  if (response.toolResponse.content) metadata.pendingContent = response.toolResponse.content;
  return { toolRequest: part.toolRequest, metadata };
}

/** The request, marked as an interrupt that has been dealt with. */
export function stampResolved(part: ToolRequestPart, interrupt: unknown): ToolRequestPart {
  return { toolRequest: part.toolRequest, metadata: { ...withoutStamps(part), resolvedInterrupt: interrupt } };
}

/** The request with no pending state left on it. */
export function clearStamps(part: ToolRequestPart): ToolRequestPart {
  const metadata = withoutStamps(part);
  return Object.keys(metadata).length ? { toolRequest: part.toolRequest, metadata } : { toolRequest: part.toolRequest };
}

/** How the response to an answered call says who answered: a person (and whether they declined). */
function answerMetadata(part: ToolRequestPart): Record<string, unknown> | undefined {
  const answer = part.metadata?.answer;
  if (answer !== 'respond' && answer !== 'decline') return undefined;
  const declined = part.metadata?.declined;
  return declined === undefined ? { interruptResponse: true } : { interruptResponse: true, declined };
}

/** The response a pending output stands for. */
export function pendingResponse(part: ToolRequestPart): ToolResponsePart {
  const { name, ref } = part.toolRequest;
  const content = part.metadata?.pendingContent as ToolResponsePart['toolResponse']['content'];
  return {
    toolResponse: {
      name,
      ...(ref === undefined ? {} : { ref }),
      output: part.metadata?.pendingOutput,
      ...(content ? { content } : {}),
    },
    metadata: answerMetadata(part) ?? { source: 'pending' },
  };
}

/** True when the request waits for a person. */
export function isInterrupted(part: ToolRequestPart): boolean {
  return part.metadata?.interrupt !== undefined;
}

/** True when the request finished in an interrupted turn. */
export function hasPendingOutput(part: ToolRequestPart): boolean {
  return part.metadata !== undefined && 'pendingOutput' in part.metadata;
}

/**
 * Where one call of an open round stands: `waiting` for a person, `done` (its response is
 * recorded), `approved` (a person restarted it; it has not answered yet) or `open` (never
 * answered: not run, or cut short before its result was recorded).
 */
export type CallState = 'waiting' | 'done' | 'approved' | 'open';

/** The state of a tool request of an open round. */
export function callState(part: ToolRequestPart): CallState {
  if (isInterrupted(part)) return 'waiting';
  if (hasPendingOutput(part)) return 'done';
  return part.metadata?.resumed !== undefined ? 'approved' : 'open';
}

/** The waiting request, answered by a person with `response` (respond or decline): final once stored. */
export function stampAnswer(part: ToolRequestPart, response: ToolResponsePart): ToolRequestPart {
  const stamped = stampPendingOutput(part, response);
  const declined = response.metadata?.declined;
  const metadata: Record<string, unknown> = {
    ...stamped.metadata,
    resolvedInterrupt: part.metadata?.interrupt ?? true,
    answer: declined === undefined ? 'respond' : 'decline',
  };
  if (declined !== undefined) metadata.declined = declined;
  return { toolRequest: part.toolRequest, metadata };
}

/** The waiting request, approved by a person (`restart` is what tool.restart made of it): it runs next. */
export function stampApproved(part: ToolRequestPart, restart: ToolRequestPart): ToolRequestPart {
  return {
    toolRequest: { ...part.toolRequest, input: restart.toolRequest.input },
    metadata: {
      ...withoutStamps(part),
      ...restart.metadata,
      resumed: restart.metadata?.resumed ?? true,
      resolvedInterrupt: part.metadata?.interrupt ?? true,
      answer: 'restart',
    },
  };
}
