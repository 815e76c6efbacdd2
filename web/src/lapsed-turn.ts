/**
 * How long past its lease's expiry a running turn is taken for dead: a live turn renews its lease
 * every third of it, and the browser's clock may run a little ahead of the server's.
 */
export const LAPSE_MARGIN_MS = 5_000;

/** What the page says of a turn whose server stopped mid-answer (its lease lapsed, nothing renewed it). */
export const LAPSED_WORDS =
  'The answer stopped before it finished: the assistant’s server went away. It is finished if the server takes it up again; a message you send now goes ahead.';

/** A running turn as the session stores it: its step, and when its lease lapses unless renewed. */
export interface RunningLease {
  running: unknown;
  leaseExpiresAt: number | undefined;
}

/** True when `turn` runs by the session's word, but its lease lapsed long enough ago (at `now`) that no server holds it. */
export function turnLapsed(turn: RunningLease, now: number): boolean {
  return turn.running !== undefined && turn.leaseExpiresAt !== undefined && now > turn.leaseExpiresAt + LAPSE_MARGIN_MS;
}

/** How long from `now` until `turn` reads as lapsed, if no write renews it; undefined when it runs no lease or has lapsed. */
export function untilLapsed(turn: RunningLease, now: number): number | undefined {
  if (turn.running === undefined || turn.leaseExpiresAt === undefined) return undefined;
  const left = turn.leaseExpiresAt + LAPSE_MARGIN_MS - now;
  return left >= 0 ? left + 1 : undefined;
}
