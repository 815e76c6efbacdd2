import type { PendingInterrupt } from '../agent/index.js';
import type { ApprovalWaitingHook } from '../notify/index.js';
import type { Session, SweepableSessionStore } from '../session/index.js';

// Defaults are written out here, not imported from the session layer: the scheduled function's
// module must load without it (zod, the store), so its cold start stays short.

/** How long an interrupt may wait for a person by default: a day. */
export const DEFAULT_INTERRUPT_TTL_MS = 24 * 60 * 60 * 1000;
/** How long an untouched session is kept by default: 30 days (as `DEFAULT_SESSION_TTL_MS`). */
export const DEFAULT_CLEANUP_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Documents per query page by default (the most): each page is a query round trip, a large part of a run. */
export const DEFAULT_BATCH_SIZE = 500;
/** The most documents one run looks at by default: a run stays well inside a minute. */
export const DEFAULT_MAX_PER_RUN = 5000;
/** Sessions expired or deleted at once by default: two commits of 32 sessions each. */
export const DEFAULT_PARALLELISM = 64;
/**
 * How long a waiting approval goes untold before the cleanup tells it, by default: well past the
 * turn's own notice (sent just after its commit) and the claim of one whose instance died.
 */
export const DEFAULT_NOTICE_GRACE_MS = 10 * 60_000;

/** Told about each session the cleanup expired, with the calls that expired (a notification, say). */
export type ExpiredHook = (session: Session, expired: PendingInterrupt[]) => void | Promise<void>;

/** What a cleanup run does and how much of it. Times are milliseconds. */
export interface CleanupPolicy {
  /**
   * Interrupted sessions last updated longer ago than this become `expired`: each waiting call
   * is answered as expired in the history, and a resume gets `failed-precondition`. Default 24 h.
   */
  interruptTtlMs?: number;
  /** Sessions last updated longer ago than this are deleted with their whole history. Default 30 days. */
  sessionTtlMs?: number;
  /** Documents per query page. Default 500 (the most). */
  batchSize?: number;
  /**
   * The most sessions one run looks at; the rest is left for the next run.
   * Default 5,000.
   */
  maxPerRun?: number;
  /**
   * Sessions expired or deleted at once: in commits of up to 32 sessions each (each session's
   * writes all or none), as many commits at once as make this many. Default 64.
   */
  parallelism?: number;
  /** Called after each session is expired; a hook that throws is counted, never retried. */
  onExpired?: ExpiredHook;
  /**
   * The agents' `onApprovalWaiting` (the same hook): each run tells the waiting approvals nobody
   * told (their turn's instance died, or was throttled after its response, before the notice
   * went out), once, through the same claim. A hook that throws is counted; its claim lapses and a
   * later run tries again. Needs a store with an approvals inbox.
   */
  onApprovalWaiting?: ApprovalWaitingHook;
  /** How long an approval waits untold before a run tells it. Default 10 minutes. */
  noticeGraceMs?: number;
}

/** Options of `runCleanup`. */
export interface CleanupOptions extends CleanupPolicy {
  store: SweepableSessionStore;
  /** The time in epoch ms. Default `Date.now`. */
  clock?: () => number;
}
