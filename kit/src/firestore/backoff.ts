/** How the wait between attempts grows: from `initialMs`, times `multiplier` each attempt, up to `maxMs`. */
export interface BackoffSettings {
  readonly initialMs: number;
  readonly multiplier: number;
  readonly maxMs: number;
}

/** How much of a base delay is waited: a random share, so callers that failed together don't meet again. */
export type Jitter = (baseMs: number) => number;

/** gax's: anywhere between nothing and the base delay. */
export const fullJitter: Jitter = (baseMs) => Math.random() * baseMs;
/** The SDK's `ExponentialBackoff` (transactions): between half and one and a half times the base delay. */
export const halfJitter: Jitter = (baseMs) => baseMs * (0.5 + Math.random());

/** The waits of one call's (or one transaction's) attempts, each longer than the last. */
export class Backoff {
  private baseMs: number;
  private readonly settings: BackoffSettings;
  private readonly jitter: Jitter;

  constructor(settings: BackoffSettings, jitter: Jitter) {
    this.settings = settings;
    this.jitter = jitter;
    this.baseMs = settings.initialMs;
  }

  /** The wait before the next attempt; the one after it is longer. */
  next(): number {
    const ms = this.jitter(this.baseMs);
    this.baseMs = Math.min(this.baseMs * this.settings.multiplier, this.settings.maxMs);
    return ms;
  }

  /** The next wait is the longest (after RESOURCE_EXHAUSTED, as the SDK's transactions). */
  toMax(): void {
    this.baseMs = this.settings.maxMs;
  }
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
