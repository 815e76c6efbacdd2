import type { FailedCall } from '@callable-flows/protocol';
import { askedInputDigest, askedOf, nestedInterruptsOf, presentedOf } from '../../call-state/index.js';
import type { GenerateResult } from '../../generate/index.js';
import type { Message, ToolRequestPart } from '../../model/index.js';
import type { AgentTurnResult, PendingInterrupt } from '../turn/index.js';

/**
 * An interrupted tool request as a client sees it (answered since: as it was asked, its input
 * before a person's edit), with the digest of that input, which an answer may send back, and the
 * input as its tool presented it to whoever approves it.
 */
export function toPendingInterrupt(part: ToolRequestPart): PendingInterrupt {
  const { ref, name } = part.toolRequest;
  const input = part.metadata?.replacedInput ?? part.toolRequest.input;
  const pending: PendingInterrupt = {
    ref: ref ?? '',
    name,
    input,
    metadata: askedOf(part) ?? true,
    inputDigest: askedInputDigest(part),
  };
  const presented = presentedOf(part);
  return presented ? { ...pending, presented } : pending;
}

/**
 * The interrupts a waiting call stands for, as a client answers them: a sub-agent call's
 * (`agentTool`) are its sub-agent's, by path refs (`<ref>/<subRef>`); any other call is its own.
 */
export function pendingInterruptsOf(part: ToolRequestPart): PendingInterrupt[] {
  return nestedInterruptsOf(part) ?? [toPendingInterrupt(part)];
}

/**
 * The calls a person approved in the turn whose tool then failed: the tool responses since the
 * turn's user message marked `toolError.approved` (`toolErrorResponse`).
 */
export function failedApprovedCalls(messages: readonly Message[]): FailedCall[] {
  const failed: FailedCall[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role !== 'user'; i--) {
    for (const part of (messages[i] as Message).content) {
      const toolError = part.metadata?.toolError as { approved?: boolean } | undefined;
      if (!('toolResponse' in part) || toolError?.approved !== true) continue;
      const output = part.toolResponse.output as { error?: unknown } | undefined;
      failed.unshift({
        ref: part.toolResponse.ref ?? '',
        name: part.toolResponse.name,
        error: String(output?.error ?? ''),
      });
    }
  }
  return failed;
}

/** The result of one agent call, from the generation that ran it. */
export function toTurnResult(sessionId: string, result: GenerateResult): AgentTurnResult {
  const turn: AgentTurnResult = {
    sessionId,
    status: result.finishReason === 'interrupted' ? 'interrupted' : 'done',
    finishReason: result.finishReason,
    text: result.text,
    interrupts: result.interrupts.flatMap(pendingInterruptsOf),
    usage: result.usage,
  };
  if (result.finishMessage !== undefined) turn.finishMessage = result.finishMessage;
  if (result.output !== undefined) turn.output = result.output;
  const failed = failedApprovedCalls(result.messages);
  if (failed.length) turn.failed = failed;
  return turn;
}
