import type { CallResult, MessageResult } from '@callable-flows/protocol';
import type { AgentSendResult, AgentTurnResult } from '../agent/index.js';

/**
 * The wire form of an agent's turn: every key always present (null output, zero usage), so a
 * client can read it without guarding, and nothing the client wasn't promised.
 */
export function toCallResult(result: AgentTurnResult): CallResult {
  const wire: CallResult = {
    sessionId: result.sessionId,
    status: result.status,
    finishReason: result.finishReason,
    text: result.text,
    output: result.output ?? null,
    interrupts: result.interrupts.map(({ ref, name, input, metadata, inputDigest, presented }) => ({
      ref,
      name,
      input: input ?? null,
      metadata,
      ...(inputDigest === undefined ? {} : { inputDigest }),
      ...(presented === undefined ? {} : { presented }),
    })),
    usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
  };
  if (result.finishMessage !== undefined) wire.finishMessage = result.finishMessage;
  if (result.failed?.length) wire.failed = result.failed.map(({ ref, name, error }) => ({ ref, name, error }));
  return wire;
}

/** The wire form of what `send` gave: a turn's result, or `queued` as it is. */
export function toMessageResult(result: AgentSendResult): MessageResult {
  if (result.status === 'queued') {
    const { sessionId, requestId, position } = result;
    return { sessionId, status: 'queued', requestId, position };
  }
  return toCallResult(result);
}
