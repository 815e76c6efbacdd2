import type { ScannedSession, SessionScan, SweepableSessionStore } from '../session/index.js';
import type { ExpiredHook } from './cleanup-options.js';
import type { CleanupReport } from './cleanup-report.js';
/** One cleanup run in progress: its store, its clock reading, its limits and its tally. */
export interface Sweep {
    store: SweepableSessionStore;
    /** The run's one reading of the clock: every phase decides against the same instant. */
    now: number;
    interruptTtlMs: number;
    sessionTtlMs: number;
    batchSize: number;
    parallelism: number;
    onExpired: ExpiredHook | undefined;
    report: CleanupReport;
    /** Documents the run may still look at. */
    budget: number;
}
/**
 * Runs `each` on the sessions `query` finds, a page at a time within the run's budget, at most
 * `parallelism` at once; a full page that used the last of the budget marks the report capped.
 */
export declare function sweepPages(sweep: Sweep, query: Omit<SessionScan, 'limit' | 'after'>, each: (scanned: ScannedSession) => Promise<void>): Promise<void>;
/** True (and counted) when a live lease holds the scanned session: a running turn is left alone. */
export declare function skipLeased(sweep: Sweep, scanned: ScannedSession): boolean;
/** Counts an error of one session (the run goes on) and keeps the first, in words safe to log. */
export declare function noteError(sweep: Sweep, error: unknown): void;
