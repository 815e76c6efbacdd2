import { dayOf } from './usage-counters.js';

/**
 * Tokens a session's write journals, charged to its owner's day: the owner's total and the
 * session's line in the same counter document the usage limiter reads.
 */
export interface UsageCharge {
  /** The session's owner (never the caller who ran the turn: an approver pays nothing for it). */
  uid: string;
  /** The UTC day (`YYYY-MM-DD`) the write was made on. */
  day: string;
  sessionId: string;
  tokens: number;
}

/** The tokens a model call spent (input + output), the figure the budgets count. */
export function tokensOf(usage: { inputTokens?: number; outputTokens?: number } | undefined): number {
  const count = (n: number | undefined): number => (n !== undefined && Number.isFinite(n) && n > 0 ? n : 0);
  return count(usage?.inputTokens) + count(usage?.outputTokens);
}

/** The charge of `tokens` spent on `session` at `now` (epoch ms). */
export function chargeOf(session: { id: string; ownerUid: string }, tokens: number, now: number): UsageCharge {
  return { uid: session.ownerUid, day: dayOf(now), sessionId: session.id, tokens };
}
