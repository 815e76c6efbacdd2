/** Timing of a turn's writes. */
export interface TurnTiming {
    clock: () => number;
    leaseMs: number;
    sessionTtlMs: number;
}
