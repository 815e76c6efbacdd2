/** What the shared ticker calls when a deadline passes: any object with `onDeadline` (no closure needed). */
export interface CoarseTimer {
    /** The tick at which it fires; set by {@link startCoarseTimer}. */
    coarseAt: number;
    onDeadline(): void;
    /** Its neighbours in the list of pending timers; kept by this module. */
    coarsePrev?: CoarseTimer | undefined;
    coarseNext?: CoarseTimer | undefined;
}
/** How often the shared ticker looks at the deadlines. */
export declare const COARSE_TICK_MS = 100;
/**
 * Calls `timer.onDeadline()` once, `ms` to `ms + 2 × COARSE_TICK_MS` from now, unless cancelled first. For long
 * limits that almost never fire (a tool's 30 s timeout): one shared interval runs while any is
 * pending, so a call costs two links of its own object instead of a Node timer.
 */
export declare function startCoarseTimer(timer: CoarseTimer, ms: number): void;
/**
 * Cancels a pending timer (a no-op once it fired or was cancelled). The ticker stops at its next
 * tick with none left, not here: calls that follow each other reuse it instead of starting one each.
 */
export declare function cancelCoarseTimer(timer: CoarseTimer): void;
