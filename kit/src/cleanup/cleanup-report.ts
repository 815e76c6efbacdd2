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
  /** Sub-agents' sessions left alone because their parent session is kept: they leave with it. */
  skippedLinked: number;
  /** Sessions that could not be read or written (counted, left for the next run). */
  errors: number;
  /** The first of those errors, in words safe to log. */
  firstError?: string;
  /** `onExpired` calls that threw. */
  hookFailures: number;
  /** Waiting approvals nobody had told, told by this run (`onApprovalWaiting`). */
  noticesSent: number;
  /** `onApprovalWaiting` calls of this run that threw (left for a later run once their claim lapses). */
  noticeFailures: number;
  /** True when the run stopped at `maxPerRun`: there may be more for the next run. */
  capped: boolean;
  durationMs: number;
}

/** A report with nothing done yet. */
export function emptyReport(): CleanupReport {
  return {
    expired: 0,
    deletedSessions: 0,
    skippedLeased: 0,
    skippedChanged: 0,
    skippedLinked: 0,
    errors: 0,
    hookFailures: 0,
    noticesSent: 0,
    noticeFailures: 0,
    capped: false,
    durationMs: 0,
  };
}

/** The report as the one log line of a run. */
export function cleanupSummary(report: CleanupReport): string {
  const parts = [
    `expired ${report.expired}`,
    `deleted ${report.deletedSessions} session(s)`,
    `skipped ${report.skippedLeased} leased and ${report.skippedChanged} changed`,
  ];
  if (report.skippedLinked) parts.push(`kept ${report.skippedLinked} sub-agent session(s) with their parent`);
  if (report.errors) parts.push(`${report.errors} error(s), first: ${report.firstError ?? 'unknown'}`);
  if (report.hookFailures) parts.push(`${report.hookFailures} onExpired failure(s)`);
  if (report.noticesSent) parts.push(`told ${report.noticesSent} waiting approval(s)`);
  if (report.noticeFailures) parts.push(`${report.noticeFailures} onApprovalWaiting failure(s)`);
  if (report.capped) parts.push('capped: more is left for the next run');
  return `session cleanup: ${parts.join('; ')}; in ${Math.round(report.durationMs)} ms`;
}
