/** What one cleanup run did. */
export interface CleanupReport {
    /** Interrupted sessions that became `expired`. */
    expired: number;
    /** Sessions deleted with their history. */
    deletedSessions: number;
    /** Sessions left alone because a turn held their lease. */
    skippedLeased: number;
    /**
     * Sessions left alone because they changed after the scan read them (a turn, another run), or
     * wait for no one (a turn whose instance died with nothing pending: the next call completes it).
     */
    skippedChanged: number;
    /** Sessions that could not be read or written (counted, left for the next run). */
    errors: number;
    /** The first of those errors, in words safe to log. */
    firstError?: string;
    /** `onExpired` calls that threw. */
    hookFailures: number;
    /** True when the run stopped at `maxPerRun`: there may be more for the next run. */
    capped: boolean;
    durationMs: number;
}
/** A report with nothing done yet. */
export declare function emptyReport(): CleanupReport;
/** The report as the one log line of a run. */
export declare function cleanupSummary(report: CleanupReport): string;
