import { outcomeOf, type SessionDoc, type SessionStatus, type TurnOutcome } from '@callable-flows/protocol/session-doc';
import type { FlowTypes } from './flow-types.js';
import { openCallsOf, type WatchedCall } from './watched-call.js';
import { interruptsOf, type WatchedInterrupt } from './watched-interrupt.js';
import type { WatchedMessage } from './watched-message.js';
import { resultsOf, type WatchedResult } from './watched-result.js';

// What an app draws a conversation from, decoded once here: a call's stamps are read with the
// protocol's call-state codec, as the kit reads them, so an app reads none.

/** A session's conversation: its messages, and what its calls did, asked and got. */
export interface Conversation<T extends FlowTypes = FlowTypes> {
  messages: WatchedMessage[];
  /** The calls of the open round, in the model's order; empty when no round is open. */
  calls: WatchedCall[];
  /** Every interrupt of the conversation, oldest first, each where it stands. */
  interrupts: WatchedInterrupt<T>[];
  /** What the calls of the conversation gave back, in the order it was stored. */
  results: WatchedResult[];
  /**
   * How the last turn ended: `done`, `interrupted`, `stopped` (`stoppedBy`: the owner's uid, the
   * stop's request id and client id, when it was asked), `failed` (`failure`: its code and
   * reason), `expired`; undefined while a turn runs (and for a session stored before outcomes were).
   */
  outcome: TurnOutcome | undefined;
}

/** The conversation of session document `doc`, whose history holds `messages`. */
export function conversationOf<T extends FlowTypes>(doc: SessionDoc, messages: WatchedMessage[]): Conversation<T> {
  return conversationOn<T>(doc.id, messages, doc.status, outcomeOf(doc.outcome));
}

/** The conversation of `messages` in session `sessionId` of status `status`, whose last turn ended `outcome`. */
export function conversationOn<T extends FlowTypes>(
  sessionId: string,
  messages: WatchedMessage[],
  status: SessionStatus,
  outcome: TurnOutcome | undefined,
): Conversation<T> {
  return {
    messages,
    calls: openCallsOf(messages, status),
    interrupts: interruptsOf<T>(sessionId, messages, status),
    results: resultsOf(messages, status),
    outcome,
  };
}
