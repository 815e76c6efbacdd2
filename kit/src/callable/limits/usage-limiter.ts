import { LRUCache } from 'lru-cache';
import { KitError } from '../../errors/index.js';
import {
  dayOf,
  listenToUsageCharges,
  minuteOf,
  msToNextDay,
  msToNextMinute,
  type UsageCharge,
  type UsageChargeListener,
  type UsageCounts,
  zeroUsage,
} from '../../usage/index.js';
import { DEFAULT_LIMITS_REFRESH_MS, DEFAULT_LIMITS_REREAD_AT, type UsageLimits } from './usage-limits.js';

/** A call the limiter let through: {@link CallPermit.settle} counts it once it is over. */
export interface CallPermit {
  /** Counts the call and its tokens (one write); false when the write failed (the call is counted locally). */
  settle(outcome: { sessionId?: string | undefined; tokens: number }): Promise<boolean>;
}

/** One user's day as this instance knows it. */
interface UserDay {
  day: string;
  /** As read, plus the calls this instance counted since. */
  counts: UsageCounts;
  readAt: number;
  /** Calls admitted and not yet counted. */
  inflight: number;
  /** What this instance counted but could not write: added to every read, so a failed write doesn't free a limit. */
  unsaved: UsageCounts;
}

/** Adds one call of `tokens` at `minute` (on `sessionId`) to `counts`. */
function count(counts: UsageCounts, minute: number, tokens: number, sessionId: string | undefined): void {
  counts.tokens += tokens;
  counts.calls[minute] = (counts.calls[minute] ?? 0) + 1;
  if (sessionId) counts.sessions[sessionId] = (counts.sessions[sessionId] ?? 0) + tokens;
}

/** `a` plus `b`, in place. */
function addCounts(a: UsageCounts, b: UsageCounts): UsageCounts {
  a.tokens += b.tokens;
  for (const [k, n] of Object.entries(b.calls)) a.calls[k] = (a.calls[k] ?? 0) + n;
  for (const [k, n] of Object.entries(b.sessions)) a.sessions[k] = (a.sessions[k] ?? 0) + n;
  return a;
}

/** Users whose counters one instance keeps (a bounded map: memory stays flat however many call). */
const MAX_USERS = 10_000;
/** Near a limit, the least time between two reads of a user's counters: refusals stay cheap to serve. */
const MIN_REREAD_MS = 1_000;

/**
 * Admits or refuses calls by the per-user limits of {@link UsageLimits}. The counters are
 * exact in the store (atomic increments); an instance decides from its own copy of a user's day
 * (read once, then kept up to date with its own calls), so a warm call costs one write and no
 * read. The copy is read again when it is older than `refreshMs` or when it says a limit is
 * `rereadAt` full: calls on other instances are seen then, so near a limit the decision is
 * made on fresh counts.
 */
export class UsageLimiter implements UsageChargeListener {
  private readonly limits: UsageLimits;
  private readonly users = new LRUCache<string, UserDay>({ max: MAX_USERS });

  constructor(limits: UsageLimits) {
    this.limits = limits;
    listenToUsageCharges(this);
  }

  /** The counters this limiter keeps a copy of: it hears the charges written to them alone. */
  get ledger(): string | undefined {
    return this.limits.counters.ledger;
  }

  /**
   * A session store of this process charged a turn's tokens to `charge.uid` (a queued turn, an
   * approver's answer, a continuation): the copy counts them now, not at its next read.
   */
  heard(charge: UsageCharge): void {
    const user = this.users.peek(charge.uid);
    if (user?.day !== charge.day) return;
    user.counts.tokens += charge.tokens;
    user.counts.sessions[charge.sessionId] = (user.counts.sessions[charge.sessionId] ?? 0) + charge.tokens;
  }

  /** Lets the call of `uid` (on `sessionId`, when it names one) through, or refuses it. */
  async admit(uid: string, sessionId?: string): Promise<CallPermit> {
    const now = (this.limits.clock ?? Date.now)();
    const minute = minuteOf(now);
    let user = this.users.get(uid);
    if (!user || user.day !== dayOf(now) || this.stale(user, now, minute, sessionId)) {
      user = await this.read(uid, now, user);
    }
    this.check(user, now, minute, sessionId);
    user.inflight++;
    const admitted = user;
    return {
      settle: async (outcome) => {
        let stored = true;
        try {
          await this.limits.counters.add(uid, admitted.day, { minute, ...outcome });
        } catch {
          stored = false;
        }
        // The copy in use now: a read while the call ran may have replaced the one it was admitted on.
        const current = this.users.peek(uid);
        const user = current?.day === admitted.day ? current : admitted;
        user.inflight = Math.max(0, user.inflight - 1);
        count(user.counts, minute, outcome.tokens, outcome.sessionId);
        if (!stored) count(user.unsaved, minute, outcome.tokens, outcome.sessionId);
        return stored;
      },
    };
  }

  private async read(uid: string, now: number, previous: UserDay | undefined): Promise<UserDay> {
    const day = dayOf(now);
    let counts: UsageCounts;
    try {
      counts = await this.limits.counters.read(uid, day);
    } catch (error) {
      throw new KitError('unavailable', 'the usage limits could not be checked; try again', {
        reason: 'STORE_UNAVAILABLE',
        cause: error,
      });
    }
    // Calls admitted before the read and not yet counted stay in flight; counts never written stay counted.
    const same = previous?.day === day ? previous : undefined;
    const unsaved = same?.unsaved ?? zeroUsage();
    const user: UserDay = {
      day,
      counts: addCounts(counts, unsaved),
      readAt: now,
      inflight: same?.inflight ?? 0,
      unsaved,
    };
    this.users.set(uid, user);
    return user;
  }

  /** True when the copy is too old, or says a limit is nearly reached (and is a second old: a caller hammering at a limit costs no read per refusal). */
  private stale(user: UserDay, now: number, minute: number, sessionId: string | undefined): boolean {
    if (now - user.readAt > (this.limits.refreshMs ?? DEFAULT_LIMITS_REFRESH_MS)) return true;
    if (now - user.readAt < MIN_REREAD_MS) return false;
    const at = this.limits.rereadAt ?? DEFAULT_LIMITS_REREAD_AT;
    const near = (used: number, limit: number | undefined): boolean => limit !== undefined && used >= limit * at;
    const { counts } = user;
    return (
      near((counts.calls[minute] ?? 0) + user.inflight + 1, this.limits.callsPerMinute) ||
      near(counts.tokens, this.limits.tokensPerUserPerDay) ||
      (sessionId !== undefined && near(counts.sessions[sessionId] ?? 0, this.limits.tokensPerSessionPerDay))
    );
  }

  private check(user: UserDay, now: number, minute: number, sessionId: string | undefined): void {
    const { callsPerMinute, tokensPerUserPerDay, tokensPerSessionPerDay } = this.limits;
    const { counts } = user;
    if (callsPerMinute !== undefined && (counts.calls[minute] ?? 0) + user.inflight >= callsPerMinute) {
      const retryAfterMs = msToNextMinute(now);
      throw new KitError(
        'resource-exhausted',
        `too many calls: at most ${callsPerMinute} a minute; try again in ${Math.ceil(retryAfterMs / 1000)} s`,
        { reason: 'RATE_LIMITED', details: { retryAfterMs, limit: callsPerMinute } },
      );
    }
    const overDay = tokensPerUserPerDay !== undefined && counts.tokens >= tokensPerUserPerDay;
    const overSession =
      sessionId !== undefined &&
      tokensPerSessionPerDay !== undefined &&
      (counts.sessions[sessionId] ?? 0) >= tokensPerSessionPerDay;
    if (overDay || overSession) {
      const budget = overDay ? 'user-day' : 'session-day';
      throw new KitError(
        'resource-exhausted',
        overDay
          ? 'the daily token budget is spent; try again tomorrow'
          : "this conversation's token budget for today is spent",
        {
          reason: 'BUDGET_EXHAUSTED',
          details: {
            retryAfterMs: msToNextDay(now),
            budget,
            limit: overDay ? tokensPerUserPerDay : tokensPerSessionPerDay,
          },
        },
      );
    }
  }
}
