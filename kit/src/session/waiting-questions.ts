import type { WireInterrupt } from '@callable-flows/protocol';
import { isWaiting, nestedInterruptsOf, openRoundOf, subAgentOf } from '../call-state/index.js';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../model/index.js';
import type { Session } from './session-schema.js';

// The questions a session leaves waiting for a person: what the approvals inbox holds one document
// for each of, and what the bound on waiting approvals counts (`WaitingCount`).

/** A question waiting in a session: a call of its own, or one its waiting sub-agent call (`part`) stands for (`nested`, by path ref). */
export interface WaitingQuestion {
  part: ToolRequestPart;
  nested?: WireInterrupt;
}

/**
 * The questions waiting in a history's open round, by ref: a sub-agent call's are its
 * sub-agent's, by path ref (the sub-session keeps no inbox of its own: one document per question).
 */
export function waitingQuestions(history: readonly Message[]): Map<string, WaitingQuestion> {
  const waiting = new Map<string, WaitingQuestion>();
  for (const part of toolRequestsOf(openRoundOf(history))) {
    const ref = part.toolRequest.ref;
    if (ref === undefined || !isWaiting(part)) continue;
    const nested = nestedInterruptsOf(part);
    if (nested) for (const question of nested) waiting.set(question.ref, { part, nested: question });
    else waiting.set(ref, { part });
  }
  return waiting;
}

/**
 * The agent that asked `question` of `session`: the session's, or for a sub-agent's question the
 * sub-agent its call ran (a question asked further down is counted for that sub-agent too).
 */
export function askerOf(session: Session, question: WaitingQuestion): string {
  return (question.nested && subAgentOf(question.part)?.agent) || session.agent;
}

/** Whose waiting approvals {@link WaitingCount.count} counts: one owner's, or one agent's. */
export type WaitingFilter = { ownerUid: string; agent?: undefined } | { agent: string; ownerUid?: undefined };

/**
 * How many approvals wait, read from what the store holds (the inbox documents in Firestore), never
 * from one instance's memory: what bounds the waiting approvals of an owner and of an agent.
 */
export interface WaitingCount {
  /** The approvals that wait (state `waiting`) for `filter`'s owner, or that `filter`'s agent asked. */
  count(filter: WaitingFilter): Promise<number>;
}
