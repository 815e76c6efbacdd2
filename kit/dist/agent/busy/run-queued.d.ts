import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, AgentInput, AgentTurnResult } from '../turn/index.js';
/** Runs one turn of an agent as a call would (admission, lease, journal, release), never queueing it. */
export type RunTurn = (sessionId: string | undefined, input: AgentInput, ctx: AgentCallContext) => Promise<AgentTurnResult>;
/** What running a session's queue needs: the agent's runtime and its turn. */
export interface QueueDeps {
    rt: AgentRuntime;
    /** The turn as it is (admission, lease, journal), never a send that queues: a queued message would queue itself. */
    turn: RunTurn;
}
/** How a turn the queue ran ended: its result, or the error it ended with (it failed, or was stopped). */
export type QueuedTurnEnd = {
    result: AgentTurnResult;
} | {
    error: unknown;
};
/**
 * What one run of a queue did: the request ids it answered, in order, and how many messages still
 * wait; `waiting` says why it stopped with some left: a turn `held` the session (its release runs
 * the queue on), the session waits for answers to its `interrupts` (the resume's release does), or
 * the `store` failed before the head's turn was journaled (the next run tries it again).
 * `reached` is how the turn of the message of `until` ended, when this run ran it: what the
 * call that queued it answers with (its turn is never run a second time for it).
 */
export interface QueueRun {
    ran: string[];
    left: number;
    waiting?: 'held' | 'interrupts' | 'store';
    reached?: QueuedTurnEnd;
}
/** The call that queued a message and waits for it: its turn streams to that call and is traced as it. */
export interface WaitingCall {
    requestId: string;
    ctx: AgentCallContext;
}
/**
 * Runs the messages queued on `sessionId`, oldest first, each as its own turn under its own request id
 * and its sender's uid, until the queue is empty or the session is not free (then whoever holds it
 * runs the rest when it releases). The head leaves the queue only once its turn was journaled, and
 * its request id, stored by that turn's first write, answers it from its stored result if it is ever
 * run again, so a message is answered at most once and never lost. Stops after the message of
 * `until` when given: the call that queued it waits for its own answer, and its turn runs as that
 * call. Safe from anywhere at any time.
 */
export declare function runQueued(deps: QueueDeps, sessionId: string, until?: WaitingCall): Promise<QueueRun>;
/**
 * Runs the queue of `sessionId` after the runs already under way on this instance (so a message
 * queued while one of them looked is not missed); the promise is that run's. Turns that end call
 * it without waiting, so their caller is answered at once.
 */
export declare function runQueuedAfter(deps: QueueDeps, sessionId: string): Promise<QueueRun>;
/** Resolves once no queue run is under way on this instance, runs started meanwhile included. Never rejects. */
export declare function queueRunsEnded(deps: QueueDeps): Promise<void>;
