import type { ApprovalResult, Resume, StopResult, WithdrawResult } from '@callable-flows/protocol';
import type { AgentSendResult, QueueRun, WithdrawContext } from './busy/index.js';
import type { ContinuationOutcome } from './continuation/index.js';
import type { ContinuationTask } from './continuation-queue/index.js';
import type { StopContext } from './ending/index.js';
import type { WhileBusy } from './runtime/index.js';
import type { AgentCallContext, AgentInput, AgentWarmOptions, AgentWarmup } from './turn/index.js';

/**
 * A stateful chat flow: each call loads the session, takes its lease, runs one turn and
 * stores it. Errors are kit errors: not-found (no such session), permission-denied (another
 * uid's session), aborted (a concurrent call holds the session), failed-precondition
 * (nothing to resume, or the interrupt expired), invalid-argument (unknown refs, bad input).
 */
export interface Agent<W extends WhileBusy = 'reject'> {
  readonly kind: 'agent';
  readonly name: string;
  /** What a message sent while a turn runs does. */
  readonly whileBusy: W;
  /**
   * True when the agent's store charges every turn's tokens to its session's owner (in the write
   * that journals them): the callable's limits then count no tokens from the reply.
   */
  readonly chargesUsage: boolean;
  send(sessionId: string | undefined, input: AgentInput, ctx: AgentCallContext): Promise<AgentSendResult<W>>;
  /**
   * Answers the waiting calls of session `sessionId` (a resume), from its owner or from an
   * approver its calls' tools admit (`approvers`): the owner gets the turn's result as `send`
   * gives it; an approver who is not the owner gets which calls they answered and nothing of the
   * conversation (no chunks stream to them), and the turn goes on as the owner's. Anyone else:
   * `permission-denied`, `NOT_ALLOWED`, nothing written. The callable answers every resume here.
   */
  answer(sessionId: string, resume: Resume, ctx: AgentCallContext): Promise<AgentSendResult<W> | ApprovalResult>;
  /**
   * Starts the reads a call on `sessionId` makes first (the callable does it while it checks the
   * caller's limits): the session, into the instance's cache, where the turn's read joins it; the
   * queue of an agent that queues, handed to the call as `ctx.warmed`. Never throws.
   */
  warm(sessionId: string, options?: AgentWarmOptions): AgentWarmup;
  /**
   * Stops the turn running on `sessionId`, from any client of its owner: `stopped` once it gave
   * the session up, `stopping` if it had not yet; failed-precondition `NOTHING_TO_STOP` when none runs.
   */
  stop(sessionId: string, ctx: StopContext): Promise<StopResult>;
  /**
   * Takes back a message queued on `sessionId` before it runs (its sender only): `withdrawn`, or
   * failed-precondition `ALREADY_RUNNING` once its turn began, `NOT_QUEUED` when none such waits.
   */
  withdraw(sessionId: string, requestId: string, ctx: WithdrawContext): Promise<WithdrawResult>;
  /**
   * The server's continuation of a turn whose instance died (its lease lapsed): goes on from the
   * journal as a retry does. `SESSION_BUSY` while the turn's lease is live (the queue tries again).
   * `signal`: the task function's deadline (a `DEADLINE` reason hands the turn on again).
   */
  continue(task: ContinuationTask, signal?: AbortSignal): Promise<ContinuationOutcome>;
  /**
   * Runs the messages queued on `sessionId`, in order, each as its own turn (its own request id,
   * its sender's uid), while the session is free; safe to call from anywhere at any time (a
   * turn's lease keeps two runs apart, a request id keeps a message from running twice).
   */
  runQueued(sessionId: string): Promise<QueueRun>;
  /**
   * Resolves once the work this instance started without a caller waiting has ended: the queue
   * runs after turns (their callers were answered first) and the notices of waiting approvals. For a test's teardown, or an instance
   * that shuts down; never rejects (a queued turn's failure is stored as the turn's).
   */
  idle(): Promise<void>;
}
