/** Timing of a turn's writes. */
export interface TurnTiming {
  clock: () => number;
  leaseMs: number;
  sessionTtlMs: number;
  /** The clock and timers live words are throttled by; undefined: wall time. */
  live?: LiveClock;
}

/** A clock with timers (the live words' throttle). */
export interface LiveClock {
  now(): number;
  /** Calls `run` after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void;
}
