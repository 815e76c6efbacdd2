import type { z } from 'zod';
import type { OutputOptions, StopCondition } from '../../generate/index.js';
import type { Model, ModelMiddleware, Part } from '../../model/index.js';
import type { ApprovalWaitingHook } from '../../notify/index.js';
import type { LruSessionCacheOptions } from '../../session/lru-session-cache.js';
import type { SessionStore } from '../../session/session-store.js';
import type { ApproverNameHook, ToolEntry } from '../../tools/index.js';
import type { TraceSink } from '../../trace/index.js';
import type { ContinuationOptions } from '../continuation-queue/index.js';
import type { TurnEndHook } from '../turn/index.js';
import type { LiveClock } from './turn-timing.js';

/** History compression: the last turns go to the model whole, older ones as a model-written summary. */
export interface CompressionOptions {
  /** User turns kept whole. Default 6. */
  keepTurns?: number;
  /** Summarise once more than this many turns are unsummarised. Default `2 × keepTurns`. */
  triggerTurns?: number;
  /** The model that writes summaries. Default: the agent's model. */
  model?: Model;
  /** Instructions for the summary (what to keep). Default {@link DEFAULT_SUMMARY_INSTRUCTIONS}. */
  instructions?: string;
  /** Longest summary kept, in characters. Default 8,000. */
  maxSummaryChars?: number;
}

/** How an agent treats the conversation's history. */
export interface HistoryOptions {
  /** Off by default: every stored message goes to the model. */
  compress?: CompressionOptions | false;
}

/**
 * What an agent does with a message sent while a turn runs on its session: `reject` it
 * (`SESSION_BUSY`, the client retries), `queue` it (stored beside the session and answered on the
 * server right after the turns before it, in order; its caller gets `queued`), or `interrupt`
 * the running turn (stopped as a stop from the user stops it, then the message is answered).
 */
export type WhileBusy = 'reject' | 'queue' | 'interrupt';

/**
 * The most approvals that may wait at once (inbox documents in state `waiting`), counted from the
 * store: for one owner across all their sessions, and for one agent across all its owners. A call
 * that would wait past either is not asked: its model gets a tool error (`resource-exhausted`)
 * saying how many wait, and the turn goes on. `Infinity` lifts one bound.
 */
export interface WaitingApprovalsBound {
  /** Per owner (the session's `ownerUid`), across their sessions. Default {@link DEFAULT_WAITING_APPROVALS}`.perOwner` (20). */
  perOwner?: number;
  /** Per agent (the one that asked), across all owners. Default {@link DEFAULT_WAITING_APPROVALS}`.perAgent` (10,000). */
  perAgent?: number;
}

/** Configuration of {@link defineAgent}. */
export interface AgentConfig<O extends z.ZodType = z.ZodType> {
  name: string;
  model: Model;
  /** The system prompt, added to every call (it is never stored in the session). */
  system?: string | Part[];
  /**
   * The tools, and sources of tools (`mcpTools`): a source is resolved on the instance's first
   * call and cached by the source, so a warm turn lists nothing.
   */
  tools?: ToolEntry[];
  /** Tool rounds per call (see `generate`). Default 5. */
  maxTurns?: number;
  /**
   * The schema of the session's typed state: tools read it as `ctx.state` and change it with
   * `ctx.updateState(fn)`; each change is checked, journaled with the call's result, redacted
   * like the rest, and readable by the session's owner.
   */
  state?: z.ZodType;
  /** The state of a new session (checked against `state`). */
  initialState?: unknown;
  /** Ends a turn after a tool round when a condition holds (see `generate`); tools with `stop: true` always do. */
  stopWhen?: StopCondition | StopCondition[];
  config?: Record<string, unknown>;
  output?: OutputOptions<O>;
  /** Model middleware around every model call of the agent. */
  use?: ModelMiddleware[];
  history?: HistoryOptions;
  /** Where sessions live. Default: in this process's memory (says so loudly when deployed). */
  store?: SessionStore;
  /** The per-instance LRU cache in front of the store; `false` turns it off. */
  cache?: LruSessionCacheOptions | false;
  /** How long a turn's lease lasts without renewal (a heartbeat renews it every third); a crashed turn's session is free after it. Default 12 s. */
  leaseMs?: number;
  /** How long an untouched session is kept (its `expireAt`). Default 30 days. */
  sessionTtlMs?: number;
  /** How many results of calls with a request id are kept for their retries. Default 8. */
  keepResults?: number;
  /**
   * Where the trace of every call goes (see `recordTurn`): e.g. `loggerTraceSink()`,
   * `firestoreTraceSink(…)`. A call's own `traces` are added. Default none.
   */
  traces?: TraceSink | TraceSink[];
  /**
   * How a turn outlives its instance: a turn that has run `afterMs` is handed to this queue; if
   * its instance dies, the queue's task goes on with it from the journal (see `onTurnContinuation`).
   * Default none: a dead instance's turn waits for a client's retry.
   */
  continuation?: ContinuationOptions;
  /** What a message sent while a turn runs does (see {@link WhileBusy}). Default `reject`. */
  whileBusy?: WhileBusy;
  /** How many messages wait at most in a session's queue (`whileBusy: 'queue'`); one more is refused `QUEUE_FULL`. Default 3. */
  maxQueued?: number;
  /**
   * Told of each call that waits for a person, once, after the commit that made it wait: e.g.
   * `pushNotifier()`. It runs after the turn's write, never on the turn's path (its caller is
   * answered without waiting for it); a claim on the call's inbox document keeps retries and other
   * instances from telling it twice. Pass the same hook to the cleanup (`onApprovalWaiting`): it
   * tells what an instance that died or was throttled after its response left untold. Needs a
   * store with an approvals inbox (`FirestoreSessionStore`).
   */
  onApprovalWaiting?: ApprovalWaitingHook;
  /**
   * The name an approver's answer is stamped with (`answeredBy.name`, what cards show), from their
   * uid and claims. Default: the `approverName` custom claim the app sets (`APPROVER_NAME_CLAIM`),
   * never the ID token's `name` claim, which any user can change.
   */
  approverName?: ApproverNameHook;
  /**
   * The bound on approvals waiting at once, per owner and per agent (see {@link WaitingApprovalsBound});
   * `false` lifts it. Needs a store that counts them (`FirestoreSessionStore`, `InMemorySessionStore`);
   * with another nothing is bounded. Default 20 per owner, 10,000 per agent.
   */
  waitingApprovals?: WaitingApprovalsBound | false;
  /**
   * Runs at the end of each turn that answered or waits for a person, before the write that ends
   * it: the agent's own code, which may write artifacts (`turn.artifact(name, parts)`, as a
   * tool's `ctx.artifact`: same versions, limits and stream), stored by that write.
   */
  onTurnEnd?: TurnEndHook;
  /** The time in epoch ms (tests inject one to expire leases). Default `Date.now`. */
  clock?: () => number;
  /** The clock and timers live words are throttled by (tests inject a manual one). Default wall time. */
  liveClock?: LiveClock;
}

/** The default lease of a running turn. */
export const DEFAULT_LEASE_MS = 12_000;
/** The default lifetime of an untouched session. */
export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The default bound of a session's queue (three of the largest requests fit one Firestore document). */
export const DEFAULT_MAX_QUEUED = 3;
/**
 * The default bound on waiting approvals: 20 per owner (more than a person works through in one
 * sitting; past it a model asking again is a loop or abuse, and every one is a push to someone),
 * 10,000 per agent (a flood across many owners stops well before an inbox query or a notifier's
 * sweep of the `waiting` documents gets slow, yet no real agent's traffic meets it).
 */
export const DEFAULT_WAITING_APPROVALS: Readonly<Required<WaitingApprovalsBound>> = {
  perOwner: 20,
  perAgent: 10_000,
};
/** The default number of results kept for retries. */
export const DEFAULT_KEEP_RESULTS = 8;

/** What to keep when older turns are summarised (the multi-turn agent article's rule). */
export const DEFAULT_SUMMARY_INSTRUCTIONS = [
  'Summarise the earlier part of a conversation between a user and an assistant, so that the',
  'assistant can go on without the full transcript. Keep, exactly as written: every identifier the',
  'user gave or a tool returned (order ids, user ids, account numbers, amounts, dates); every action',
  'already executed, with its outcome, so that it is never done again; what the user asked for and',
  'confirmed; and questions still open. Drop greetings and small talk. Write short factual bullet points.',
].join(' ');
