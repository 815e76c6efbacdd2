import { randomUUID } from 'node:crypto';
import type { UsageCharge } from './usage-charge.js';
import { type UsageCounterStore, type UsageCounts, type UsageDelta, zeroUsage } from './usage-counters.js';

/** Usage counters in this process's memory (tests, a single instance); counts its reads and writes. */
export class InMemoryUsageCounters implements UsageCounterStore {
  /** Documents read and written so far (the cost a Firestore store would have). */
  readonly ops = { reads: 0, writes: 0 };
  /** These counters alone: a store that charges them, and a limiter that reads them, name this. */
  readonly ledger = `memory:${randomUUID()}`;
  private readonly days = new Map<string, UsageCounts>();

  async read(uid: string, day: string): Promise<UsageCounts> {
    this.ops.reads++;
    const counts = this.days.get(`${uid}/${day}`) ?? zeroUsage();
    return { tokens: counts.tokens, calls: { ...counts.calls }, sessions: { ...counts.sessions } };
  }

  async add(uid: string, day: string, delta: UsageDelta): Promise<void> {
    this.ops.writes++;
    const key = `${uid}/${day}`;
    const counts = this.days.get(key) ?? zeroUsage();
    counts.tokens += delta.tokens;
    counts.calls[delta.minute] = (counts.calls[delta.minute] ?? 0) + 1;
    if (delta.sessionId) counts.sessions[delta.sessionId] = (counts.sessions[delta.sessionId] ?? 0) + delta.tokens;
    this.days.set(key, counts);
  }

  /** Adds a session store's charge (tokens, no call): it rides that store's write, so it costs no write here. */
  charge(charge: UsageCharge): void {
    const key = `${charge.uid}/${charge.day}`;
    const counts = this.days.get(key) ?? zeroUsage();
    counts.tokens += charge.tokens;
    counts.sessions[charge.sessionId] = (counts.sessions[charge.sessionId] ?? 0) + charge.tokens;
    this.days.set(key, counts);
  }
}
