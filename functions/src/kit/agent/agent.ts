import type { Resume, StopResult } from '@callable-flows/protocol';
import type { z } from 'zod';
import type { GenerateResponseChunk, Part } from '../model/index.js';
import type { PendingInterruptSchema, TurnResultSchema } from '../session/index.js';
import type { ActionContext } from '../tools/index.js';
import type { TraceSink } from '../trace/index.js';
import type { ContinuationTask } from './continuation-queue.js';
import type { ContinuationOutcome } from './continue-turn.js';
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
}

/** The outcome of one agent call, as the callable returns it. */
export type AgentTurnResult = z.infer<typeof TurnResultSchema>;

/**
 * A stateful chat flow: each call loads the session, takes its lease, runs one turn and
 * stores it. Errors are kit errors: not-found (no such session), permission-denied (another
 * uid's session), aborted (a concurrent call holds the session), failed-precondition
 * (nothing to resume, or the interrupt expired), invalid-argument (unknown refs, bad input).
 */
export interface Agent {
  readonly kind: 'agent';
  readonly name: string;
  send(sessionId: string | undefined, input: AgentInput, ctx: AgentCallContext): Promise<AgentTurnResult>;
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
}
