/** How the wait between attempts grows: from `initialMs`, times `multiplier` each attempt, up to `maxMs`. */
export interface BackoffSettings {
    readonly initialMs: number;
    readonly multiplier: number;
    readonly maxMs: number;
}
/** How much of a base delay is waited: a random share, so callers that failed together don't meet again. */
export type Jitter = (baseMs: number) => number;
/** gax's: anywhere between nothing and the base delay. */
export declare const fullJitter: Jitter;
/** The SDK's `ExponentialBackoff` (transactions): between half and one and a half times the base delay. */
export declare const halfJitter: Jitter;
/** The waits of one call's (or one transaction's) attempts, each longer than the last. */
export declare class Backoff {
    private baseMs;
    private readonly settings;
    private readonly jitter;
    constructor(settings: BackoffSettings, jitter: Jitter);
    /** The wait before the next attempt; the one after it is longer. */
    next(): number;
    /** The next wait is the longest (after RESOURCE_EXHAUSTED, as the SDK's transactions). */
    toMax(): void;
}
/** Resolves after `ms`. */
export declare function sleep(ms: number): Promise<void>;
