import type { Resume } from '@callable-flows/protocol';
import type { GenerateResponseChunk, Part } from '../../model/index.js';
import type { QueuedMessage } from '../../session/index.js';
import type { ActionContext } from '../../tools/index.js';
import type { TraceSink } from '../../trace/index.js';

/** One call of an agent: a new user message, or the resume of its interrupted turn. */
export type AgentInput =
  | { message: string | Part[]; resume?: undefined; snapshotId?: string }
  | { resume: Resume; message?: undefined; snapshotId?: undefined };

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
  /** The reads `Agent.warm` started for this call, as it arrived. */
  warmed?: AgentWarmup;
}

/** What `Agent.warm` reads besides the session. */
export interface AgentWarmOptions {
  /** The queue of an agent that queues (default true); false for a call that can't queue (a resume). */
  queue?: boolean;
}

/** Reads started for one call before it is admitted (`Agent.warm`); each is used by that call only. */
export interface AgentWarmup {
  /** The session's queue as read when the call arrived (an agent that queues). */
  queue?: Promise<QueuedMessage[]>;
}
