import type { ApproverAddress, WireInterrupt } from '@callable-flows/protocol';
import { approverAddressOf, isWaiting } from '@callable-flows/protocol/call-state';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../model/index.js';
import { openRoundOf } from './open-round.js';

// A sub-agent call (`agentTool`) waits for what its sub-agent asked: its interrupt stamp carries
// the sub-agent's questions, which the parent's clients, results and inbox know by path refs.

/** What a waiting sub-agent call asked (its interrupt metadata). */
export interface SubAgentInterrupt {
  subAgent: {
    agent: string;
    sessionId: string;
    /** The sub-agent's interrupts as its result listed them (refs its own; paths already when it nests further). */
    interrupts: WireInterrupt[];
    /** The inbox address of each of them whose tool names approvers beside the owner, by the same refs. */
    approvers?: Record<string, ApproverAddress>;
  };
}

/** `ref` under the sub-agent call `parentRef`: the path a client names it by (`<parentRef>/<ref>`). */
export const pathRef = (parentRef: string, ref: string): string => `${parentRef}/${ref}`;

/** A path ref (`<parentRef>/<subRef>`) as its first call and the rest, or undefined for a plain ref. */
export function splitPathRef(ref: string | undefined): { head: string; rest: string } | undefined {
  const at = ref === undefined ? -1 : ref.indexOf('/');
  if (at <= 0 || ref === undefined || at === ref.length - 1) return undefined;
  return { head: ref.slice(0, at), rest: ref.slice(at + 1) };
}

/** What the sub-agent call `part` asked, when it is one that waits on its sub-agent. */
export function subAgentOf(part: ToolRequestPart): SubAgentInterrupt['subAgent'] | undefined {
  const asked = part.metadata?.interrupt;
  if (typeof asked !== 'object' || asked === null) return undefined;
  const sub = (asked as Partial<SubAgentInterrupt>).subAgent;
  return sub && Array.isArray(sub.interrupts) ? sub : undefined;
}

/**
 * The interrupts a waiting sub-agent call stands for, as the parent's client answers them: each
 * of the sub-agent's, its ref a path under the call's (`<ref>/<subRef>`); undefined for any other call.
 */
export function nestedInterruptsOf(part: ToolRequestPart): WireInterrupt[] | undefined {
  const sub = subAgentOf(part);
  const ref = part.toolRequest.ref;
  if (!sub || ref === undefined) return undefined;
  return sub.interrupts.map((i) => ({ ...i, ref: pathRef(ref, i.ref) }));
}

/** The inbox address of the nested question `path` of the sub-agent call `part`, when its tool names one. */
export function nestedAddressOf(part: ToolRequestPart, path: string): ApproverAddress | undefined {
  const ref = part.toolRequest.ref;
  const rest = ref !== undefined && path.startsWith(`${ref}/`) ? path.slice(ref.length + 1) : undefined;
  return rest === undefined ? undefined : subAgentOf(part)?.approvers?.[rest];
}

/**
 * The inbox addresses of what `history`'s open round waits for, by ref (a sub-agent call's
 * questions by path): only those whose tools name approvers beside the owner.
 */
export function waitingAddresses(history: readonly Message[]): Record<string, ApproverAddress> {
  const addresses: Record<string, ApproverAddress> = {};
  for (const part of toolRequestsOf(openRoundOf(history))) {
    const ref = part.toolRequest.ref;
    if (ref === undefined || !isWaiting(part)) continue;
    const sub = subAgentOf(part);
    if (sub) {
      for (const [inner, address] of Object.entries(sub.approvers ?? {})) addresses[pathRef(ref, inner)] = address;
    } else {
      const address = approverAddressOf(part);
      if (address) addresses[ref] = address;
    }
  }
  return addresses;
}
