import type { GenerateResult } from '../generate/index.js';
import type { ToolRequestPart } from '../model/index.js';
import type { AgentTurnResult, PendingInterrupt } from './agent.js';

/** An interrupted tool request as a client sees it. */
export function toPendingInterrupt(part: ToolRequestPart): PendingInterrupt {
  const metadata = part.metadata?.interrupt;
  return {
    ref: part.toolRequest.ref ?? '',
    name: part.toolRequest.name,
    input: part.toolRequest.input,
    metadata:
      metadata === true || (typeof metadata === 'object' && metadata !== null)
        ? (metadata as PendingInterrupt['metadata'])
        : true,
  };
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
