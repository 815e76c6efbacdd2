import type { ToolRequestPart, ToolResponsePart } from '../model/index.js';

// An interrupted turn is stored as stamps on its tool requests (`interrupt`, `pendingOutput`,
// `pendingContent`, `resolvedInterrupt`), so it can be resumed from its last message alone.

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
    metadata: { source: 'pending' },
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
