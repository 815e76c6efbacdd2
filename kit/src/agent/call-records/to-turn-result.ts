import { askedInputDigest, askedOf } from '../../call-state/index.js';
import type { GenerateResult } from '../../generate/index.js';
import type { ToolRequestPart } from '../../model/index.js';
import type { AgentTurnResult, PendingInterrupt } from '../turn/index.js';

/**
 * An interrupted tool request as a client sees it (answered since: as it was asked, its input
 * before a person's edit), with the digest of that input, which an answer may send back.
 */
export function toPendingInterrupt(part: ToolRequestPart): PendingInterrupt {
  const { ref, name } = part.toolRequest;
  const input = part.metadata?.replacedInput ?? part.toolRequest.input;
  return { ref: ref ?? '', name, input, metadata: askedOf(part) ?? true, inputDigest: askedInputDigest(part) };
}

/** The result of one agent call, from the generation that ran it. */
export function toTurnResult(sessionId: string, result: GenerateResult): AgentTurnResult {
  const turn: AgentTurnResult = {
    sessionId,
    status: result.finishReason === 'interrupted' ? 'interrupted' : 'done',
    finishReason: result.finishReason,
    text: result.text,
    interrupts: result.interrupts.map(toPendingInterrupt),
    usage: result.usage,
  };
  if (result.finishMessage !== undefined) turn.finishMessage = result.finishMessage;
  if (result.output !== undefined) turn.output = result.output;
  return turn;
}
