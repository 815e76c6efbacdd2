import type { QueuedResult, Resume, StopResult } from '@callable-flows/protocol';
import type { z } from 'zod';
import type { GenerateResponseChunk, Part } from '../model/index.js';
import type { PendingInterruptSchema, QueuedTurn as QueuedMessage, TurnResultSchema } from '../session/index.js';
import type { ActionContext } from '../tools/index.js';
import type { TraceSink } from '../trace/index.js';
import type { WhileBusy } from './agent-config.js';
import type { ContinuationTask } from './continuation-queue.js';
import type { ContinuationOutcome } from './continue-turn.js';
import type { QueueRun } from './run-queued.js';
import type { StopContext } from './stop-turn.js';

/** An interrupt as a client sees it: which call, of which tool, with what input, and why. */
export type PendingInterrupt = z.infer<typeof PendingInterruptSchema>;

/** One call of an agent: a new user message, or the resume of its interrupted turn. */
export type AgentInput = { message: string | Part[]; resume?: undefined } | { resume: Resume; message?: undefined };

/** Who calls, and how the call is delivered. */
export interface AgentCallContext {
  /** The caller's uid; a session belongs to the uid that created it. */
  uid: string;
  /** Passed to tools as `ctx.context` (auth claims, App Check, …). */
  context?: ActionContext;
  onChunk?: (chunk: GenerateResponseChunk) => void;
  signal?: AbortSignal;
  /** A client's idempotency key: a retry with the same key gets the first call's result. */
  requestId?: string;
  /** Where this call's trace goes besides the agent's own sinks (the callable adds its log here). */
  traces?: TraceSink | TraceSink[];
  /** The reads {@link Agent.warm} started for this call, as it arrived. */
  warmed?: AgentWarmup;
}

/** What {@link Agent.warm} reads besides the session. */
export interface AgentWarmOptions {
  /** The queue of an agent that queues (default true); false for a call that can't queue (a resume). */
  queue?: boolean;
}

/** Reads started for one call before it is admitted ({@link Agent.warm}); each is used by that call only. */
export interface AgentWarmup {
  /** The session's queue as read when the call arrived (an agent that queues). */
  queue?: Promise<QueuedMessage[]>;
}

/** The outcome of one agent call, as the callable returns it. */
export type AgentTurnResult = z.infer<typeof TurnResultSchema>;

/** What a message to an agent that queues (`whileBusy: 'queue'`) may get instead of its turn's result. */
export type QueuedTurn = QueuedResult;

/** What `send` resolves to: an agent that queues may answer a message `queued`. */
export type AgentSendResult<W extends WhileBusy = WhileBusy> = W extends 'queue'
  ? AgentTurnResult | QueuedTurn
  : AgentTurnResult;

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
  send(sessionId: string | undefined, input: AgentInput, ctx: AgentCallContext): Promise<AgentSendResult<W>>;
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
   * runs after turns (their callers were answered first). For a test's teardown, or an instance
   * that shuts down; never rejects (a queued turn's failure is stored as the turn's).
   */
  idle(): Promise<void>;
}
