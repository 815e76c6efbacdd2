/** The signal one model call runs under: the caller's abort or the call's own deadline. */
export interface CallDeadline {
    signal: AbortSignal;
    /** True when the deadline, not the caller, ended the call. */
    timedOut(): boolean;
    /** Ends the HTTP exchange early (a failed call must not leave a stream open behind it). */
    cancel(): void;
    /** Stops the timer and unhooks the caller's signal. */
    dispose(): void;
}
/**
 * One controller for both ways a call ends early, so the SDK gets a single `abortSignal`
 * and the adapter can still tell a timeout (deadline-exceeded) from an abort (aborted).
 */
export declare function callDeadline(caller: AbortSignal | undefined, timeoutMs: number): CallDeadline;
