import type { UsageCounterStore } from '../../usage/index.js';

/**
 * Per-user abuse and cost limits of a callable (`onCallFlow`'s `limits`). Each limit is off
 * when not given. A call over a limit is refused with `resource-exhausted` before it runs:
 * reason `RATE_LIMITED` or `BUDGET_EXHAUSTED`, with `details.retryAfterMs`.
 */
export interface UsageLimits {
  /** Where the counters live: `FirestoreUsageCounters` when deployed, `InMemoryUsageCounters` in tests. */
  counters: UsageCounterStore;
  /** Calls one user may start per minute (UTC minute windows). */
  callsPerMinute?: number;
  /**
   * Tokens (input + output) one user may spend per UTC day. Counted where they are spent when the
   * agent's store charges usage (`FirestoreSessionStore({ usageCollection })` on these counters'
   * collection): every turn of the user's sessions, whoever's call ran it. Otherwise from the
   * usage the caller's reply reports.
   */
  tokensPerUserPerDay?: number;
  /**
   * Tokens one session may spend per UTC day (its counter lives in its owner's day document,
   * so that a call costs one write).
   */
  tokensPerSessionPerDay?: number;
  /**
   * How long an instance decides from its own copy of a user's counters (the counts it read,
   * plus the calls it made since) before it reads them again. Default 60 s.
   */
  refreshMs?: number;
  /** Read the counters again before every call once the copy says a limit is this full. Default 0.8. */
  rereadAt?: number;
  /** The time in epoch ms (tests). Default `Date.now`. */
  clock?: () => number;
}

/** The default of {@link UsageLimits.refreshMs}. */
export const DEFAULT_LIMITS_REFRESH_MS = 60_000;
/** The default of {@link UsageLimits.rereadAt}. */
export const DEFAULT_LIMITS_REREAD_AT = 0.8;
