/** The signal a call runs under, and how to release its timer. */
export interface CallSignal {
    signal: AbortSignal | undefined;
    dispose(): void;
}
/**
 * Aborts the turn when the client disconnects or shortly before the function's own timeout, so
 * the turn stores what finished and releases its lease instead of being killed mid-write.
 */
export declare function callSignal(client: AbortSignal | undefined, deadlineMs: number | undefined): CallSignal;
/** What a turn does when its caller goes away: run to its end (or next interrupt), or stop there. */
export type OnDisconnect = 'finish' | 'cancel';
/**
 * The signal a call runs under once its target is known: with `finish` (agents' default) the
 * client's going away no longer aborts it, only the deadline does; with `cancel` (flows' default) both do.
 */
export declare function followClient(deadline: AbortSignal | undefined, client: AbortSignal | undefined, onDisconnect: OnDisconnect): AbortSignal | undefined;
/** Cloud Functions' default timeout for an HTTPS function (v2), in seconds. */
export declare const DEFAULT_TIMEOUT_SECONDS = 60;
/** Time kept back from the function's timeout to store the aborted turn. */
export declare const DEADLINE_MARGIN_MS = 5000;
/** The turn's deadline for a function with `timeoutSeconds` (a number; else the platform default). */
export declare function deadlineFor(timeoutSeconds: unknown): number;
