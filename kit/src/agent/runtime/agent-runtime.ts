import type { z } from 'zod';
import { fromZodError, KitError } from '../../errors/index.js';
import { DEFAULT_MAX_TURNS, type OutputOptions, type StopCondition, toToolMap } from '../../generate/index.js';
import type { Model, ModelMiddleware, Part } from '../../model/index.js';
import { type ApprovalWaitingHook, DEFAULT_NOTICE_CLAIM_MS } from '../../notify/index.js';
import type { ApprovalNotices } from '../../session/approval-notices.js';
import { LruSessionCache } from '../../session/lru-session-cache.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import type { SessionStore } from '../../session/session-store.js';
import {
  type ApproverNameHook,
  approverNameClaim,
  splitToolEntries,
  type Tool,
  type ToolSource,
} from '../../tools/index.js';
import type { TraceSink } from '../../trace/index.js';
import { type ResolvedContinuation, resolveContinuation } from '../continuation-queue/index.js';
import type { TurnEndHook } from '../turn/index.js';
import {
  type AgentConfig,
  DEFAULT_KEEP_RESULTS,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_QUEUED,
  DEFAULT_SESSION_TTL_MS,
  DEFAULT_SUMMARY_INSTRUCTIONS,
  DEFAULT_WAITING_APPROVALS,
  type WaitingApprovalsBound,
  type WhileBusy,
} from './agent-config.js';
import { GivenUpLeases } from './given-up-leases.js';
import type { TurnTiming } from './turn-timing.js';

/** Compression with every default filled in. */
export interface ResolvedCompression {
  keepTurns: number;
  triggerTurns: number;
  model: Model;
  instructions: string;
  maxSummaryChars: number;
}

/** Who is told of a waiting approval, through which inbox, and the notices under way on this instance. */
export interface ResolvedNotices {
  hook: ApprovalWaitingHook;
  inbox: ApprovalNotices;
  claimMs: number;
  pending: Set<Promise<void>>;
}

/** An agent's configuration with every default filled in. */
export interface AgentRuntime {
  name: string;
  model: Model;
  system: string | Part[] | undefined;
  /** The agent's tools: its own, then its sources' as last resolved (see `agent-tools.ts`). */
  tools: Tool[];
  toolMap: Map<string, Tool>;
  /** The agent's own tools, and the sources whose tools join them on each call (none: the lists above are final). */
  toolSources: { fixed: Tool[]; sources: ToolSource[]; lists: (readonly Tool[])[] } | undefined;
  maxTurns: number;
  stopWhen: StopCondition | StopCondition[] | undefined;
  /** The state schema and the state of a new session, when the agent keeps one. */
  state: { schema: z.ZodType; initial: unknown } | undefined;
  config: Record<string, unknown> | undefined;
  output: OutputOptions | undefined;
  use: ModelMiddleware[];
  compression: ResolvedCompression | undefined;
  store: SessionStore;
  timing: TurnTiming;
  keepResults: number;
  traces: TraceSink[];
  /** Leases this instance's failed turns gave up without a write that says so. */
  givenUp: GivenUpLeases;
  /** Where a turn is handed for the server to go on with it if its instance dies (none: a client retries). */
  continuation: ResolvedContinuation | undefined;
  whileBusy: WhileBusy;
  maxQueued: number;
  /** The queue runs under way on this instance, by session (each waits for the one before). */
  queueRuns: Map<string, Promise<unknown>>;
  /** Who is told of a waiting approval (`onApprovalWaiting`), when the agent has a hook. */
  notices: ResolvedNotices | undefined;
  /** The bound on approvals waiting at once (`waitingApprovals`); undefined when lifted. */
  waitingApprovals: Required<WaitingApprovalsBound> | undefined;
  /** The name an answer is stamped with (`approverName`; default the `approverName` custom claim). */
  approverName: ApproverNameHook;
  /** The agent's code at each turn's end (`onTurnEnd`), which may write artifacts. */
  onTurnEnd: TurnEndHook | undefined;
  /**
   * The agents this agent's hand-off tools reach (`handoffTo`), by name: a session one of them is in
   * charge of is served under it. Undefined for an agent without hand-off tools.
   */
  routeTo?: (agent: string) => AgentRuntime | undefined;
}

const AGENT_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

function defaultStore(name: string): SessionStore {
  if (process.env.K_SERVICE || process.env.FUNCTION_TARGET) {
    console.warn(
      `[callable-flows] agent '${name}' keeps its sessions in this instance's memory: they are lost on every cold start and not shared between instances. Pass a FirestoreSessionStore as \`store\`.`,
    );
  }
  return new InMemorySessionStore();
}

function initialState(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, 'initialState');
  return parsed.data;
}

function positiveCount(value: number, name: string): number {
  if (!(Number.isInteger(value) && value >= 1))
    throw new KitError('invalid-argument', `${name} must be a whole number ≥ 1, not ${value}`);
  return value;
}

function bound(value: number, name: string): number {
  if (!(value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && value >= 0)))
    throw new KitError('invalid-argument', `${name} must be a whole number ≥ 0 or Infinity, not ${value}`);
  return value;
}

/** The bound on waiting approvals with its defaults filled in; undefined when `false` lifts it. */
function waitingBoundOf(
  config: WaitingApprovalsBound | false | undefined,
): Required<WaitingApprovalsBound> | undefined {
  if (config === false) return undefined;
  return {
    perOwner: bound(config?.perOwner ?? DEFAULT_WAITING_APPROVALS.perOwner, 'waitingApprovals.perOwner'),
    perAgent: bound(config?.perAgent ?? DEFAULT_WAITING_APPROVALS.perAgent, 'waitingApprovals.perAgent'),
  };
}

function noticesOf(
  hook: ApprovalWaitingHook | undefined,
  store: SessionStore,
  name: string,
): ResolvedNotices | undefined {
  if (!hook) return undefined;
  if (!store.approvals) {
    throw new KitError(
      'invalid-argument',
      `agent '${name}' has onApprovalWaiting, but its store keeps no approvals inbox to tell from: use a FirestoreSessionStore`,
    );
  }
  return { hook, inbox: store.approvals, claimMs: DEFAULT_NOTICE_CLAIM_MS, pending: new Set() };
}

/** Fills in the defaults of an agent's configuration and checks it. */
export function resolveAgent<O extends z.ZodType>(config: AgentConfig<O>): AgentRuntime {
  if (!AGENT_NAME.test(config.name)) throw new KitError('invalid-argument', `invalid agent name '${config.name}'`);
  const { tools, sources } = splitToolEntries(config.tools);
  const store = config.store ?? defaultStore(config.name);
  const compress = config.history?.compress;
  const keepTurns = compress ? (compress.keepTurns ?? 6) : 0;
  if (compress && !(Number.isInteger(keepTurns) && keepTurns >= 1)) {
    throw new KitError('invalid-argument', `history.compress.keepTurns must be a whole number ≥ 1, not ${keepTurns}`);
  }
  return {
    name: config.name,
    model: config.model,
    system: config.system,
    tools,
    toolMap: toToolMap(tools),
    toolSources: sources.length ? { fixed: tools, sources, lists: [] } : undefined,
    maxTurns: config.maxTurns ?? DEFAULT_MAX_TURNS,
    stopWhen: config.stopWhen,
    state: config.state
      ? { schema: config.state, initial: initialState(config.state, config.initialState) }
      : undefined,
    config: config.config,
    output: config.output as OutputOptions | undefined,
    use: config.use ?? [],
    compression: compress
      ? {
          keepTurns,
          triggerTurns: compress.triggerTurns ?? keepTurns * 2,
          model: compress.model ?? config.model,
          instructions: compress.instructions ?? DEFAULT_SUMMARY_INSTRUCTIONS,
          maxSummaryChars: compress.maxSummaryChars ?? 8000,
        }
      : undefined,
    store:
      config.cache === false || store instanceof LruSessionCache ? store : new LruSessionCache(store, config.cache),
    timing: {
      clock: config.clock ?? Date.now,
      leaseMs: config.leaseMs ?? DEFAULT_LEASE_MS,
      sessionTtlMs: config.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
      ...(config.liveClock ? { live: config.liveClock } : {}),
    },
    keepResults: config.keepResults ?? DEFAULT_KEEP_RESULTS,
    traces: config.traces === undefined ? [] : [config.traces].flat(),
    whileBusy: config.whileBusy ?? 'reject',
    maxQueued: positiveCount(config.maxQueued ?? DEFAULT_MAX_QUEUED, 'maxQueued'),
    queueRuns: new Map(),
    givenUp: new GivenUpLeases(),
    continuation: resolveContinuation(config.continuation),
    notices: noticesOf(config.onApprovalWaiting, store, config.name),
    waitingApprovals: waitingBoundOf(config.waitingApprovals),
    approverName: config.approverName ?? approverNameClaim,
    onTurnEnd: config.onTurnEnd,
  };
}
