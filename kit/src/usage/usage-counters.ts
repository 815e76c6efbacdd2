/** What one user spent in one UTC day: the day's counter document, as read. */
export interface UsageCounts {
  /** Tokens (input + output) of every call of the day. */
  tokens: number;
  /** Calls by minute of the day (`'0'`…`'1439'`, UTC). */
  calls: Record<string, number>;
  /** Tokens by session id. */
  sessions: Record<string, number>;
}

/** What one call adds to its user's day. */
export interface UsageDelta {
  /** The minute of the day the call was admitted in. */
  minute: number;
  tokens: number;
  /** The session the tokens went to, when the call had one. */
  sessionId?: string | undefined;
}

/**
 * Where the per-user counters of {@link UsageLimiter} live: one small document per user per UTC
 * day, changed only by atomic increments (so instances never lose each other's counts).
 */
export interface UsageCounterStore {
  /**
   * Which counters these are: a session store that charges them names the same ledger, and only
   * a limiter over them hears its charges at once (see `tellUsageCharged`). Without one, a
   * limiter hears no charge: its copy catches up at its next read.
   */
  readonly ledger?: string;
  /** The counts of `uid` on `day` (`YYYY-MM-DD`); zeros when nothing was counted yet. */
  read(uid: string, day: string): Promise<UsageCounts>;
  /** Adds one call and its tokens to `uid`'s `day`: one write. */
  add(uid: string, day: string, delta: UsageDelta): Promise<void>;
}

/** No usage yet. */
export function zeroUsage(): UsageCounts {
  return { tokens: 0, calls: {}, sessions: {} };
}

const MINUTE_MS = 60_000;
/** A day in milliseconds. */
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** The UTC day of `now` (epoch ms) as `YYYY-MM-DD`. */
export function dayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The minute of the UTC day of `now`, 0…1439. */
export function minuteOf(now: number): number {
  return Math.floor((now % DAY_MS) / MINUTE_MS);
}

/** Milliseconds from `now` to the next minute. */
export function msToNextMinute(now: number): number {
  return MINUTE_MS - (now % MINUTE_MS);
}

/** Milliseconds from `now` to the next UTC midnight. */
export function msToNextDay(now: number): number {
  return DAY_MS - (now % DAY_MS);
}
