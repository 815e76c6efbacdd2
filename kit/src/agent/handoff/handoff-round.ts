import { callStateOf, isRecorded } from '../../call-state/index.js';
import { lookupTool } from '../../generate/index.js';
import { type Message, toolRequestsOf, toolResponsesOf } from '../../model/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import { handoffTargetOf } from './handoff-to.js';

/** The switch a hand-off journals on the model message that asked for it. */
export interface HandoffRecord {
  /** The agent that handed the conversation over. */
  from: string;
  /** The agent now in charge. */
  to: string;
  /** When the switch was written (epoch ms). */
  at: number;
}

/** The hand-off journaled on `message`, if it asked for one that was carried out. */
export function handoffOf(message: Message | undefined): HandoffRecord | undefined {
  const handoff = message?.metadata?.handoff as HandoffRecord | undefined;
  return handoff && typeof handoff.to === 'string' ? handoff : undefined;
}

/** True when call `ref` of the round at `at` was answered without an error (a tool message after it, or its stamp). */
function answeredOk(history: readonly Message[], at: number, ref: string | undefined): boolean {
  for (const message of history.slice(at + 1)) {
    const response = toolResponsesOf(message).find((p) => p.toolResponse.ref === ref);
    if (response) return response.metadata?.toolError === undefined;
  }
  const part = toolRequestsOf(history[at]).find((p) => p.toolRequest.ref === ref);
  return part ? callStateOf(part).kind === 'done' : false;
}

/**
 * The hand-off the history's last model message asked of `rt` and that ran, not yet carried out
 * (no `metadata.handoff` on it): the index of that message and the agent it hands to. A turn finds
 * one after its round (the usual case), or on its retry when the instance died between the round
 * and the switch's write. The first hand-off of the round wins. None while a call of that round
 * is not answered (it waits for a person, or was approved and has not run): the call is `rt`'s,
 * admitted by `rt`'s tool's approvers and run by `rt`'s tool, so the session stays `rt`'s until
 * the round is answered; the turn that answers it then hands off.
 */
export function dueHandoff(
  rt: AgentRuntime,
  history: readonly Message[],
): { at: number; to: AgentRuntime } | undefined {
  const at = history.findLastIndex((m) => m.role === 'model');
  if (at < 0 || handoffOf(history[at])) return undefined;
  const calls = toolRequestsOf(history[at]);
  if (at === history.length - 1 && !calls.every((p) => isRecorded(callStateOf(p)))) return undefined;
  for (const part of calls) {
    const agent = handoffTargetOf(lookupTool(rt.toolMap, part.toolRequest.name));
    if (!agent || !answeredOk(history, at, part.toolRequest.ref)) continue;
    const to = rt.routeTo?.(agent.name);
    if (to) return { at, to };
  }
  return undefined;
}

/** `history` with the hand-off recorded on the message at `at`. */
export function withHandoff(history: readonly Message[], at: number, record: HandoffRecord): Message[] {
  return history.map((m, i) => (i === at ? { ...m, metadata: { ...m.metadata, handoff: record } } : m));
}
