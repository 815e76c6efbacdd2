/** A report with nothing done yet. */
export function emptyReport() {
    return {
        expired: 0,
        deletedSessions: 0,
        skippedLeased: 0,
        skippedChanged: 0,
        errors: 0,
        hookFailures: 0,
        capped: false,
        durationMs: 0,
    };
}
/** The report as the one log line of a run. */
export function cleanupSummary(report) {
    const parts = [
        `expired ${report.expired}`,
        `deleted ${report.deletedSessions} session(s)`,
        `skipped ${report.skippedLeased} leased and ${report.skippedChanged} changed`,
    ];
    if (report.errors)
        parts.push(`${report.errors} error(s), first: ${report.firstError ?? 'unknown'}`);
    if (report.hookFailures)
        parts.push(`${report.hookFailures} onExpired failure(s)`);
    if (report.capped)
        parts.push('capped: more is left for the next run');
    return `session cleanup: ${parts.join('; ')}; in ${Math.round(report.durationMs)} ms`;
}
//# sourceMappingURL=cleanup-report.js.map