import { isKitError } from '../errors/index.js';
import type { ApprovalWaitingHook } from '../notify/index.js';
import { redactSecrets } from '../redact/index.js';
import type { ScannedSession, SessionScan, SweepableSessionStore } from '../session/index.js';
import type { ExpiredHook } from './cleanup-options.js';
import type { CleanupReport } from './cleanup-report.js';
import { forEachLimited } from './for-each-limited.js';

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
  onApprovalWaiting: ApprovalWaitingHook | undefined;
  noticeGraceMs: number;
  report: CleanupReport;
  /** Documents the run may still look at. */
  budget: number;
}

/**
 * Runs `each` on the sessions `query` finds, a page at a time within the run's budget, at most
 * `parallelism` at once; a full page that used the last of the budget marks the report capped.
 */
export async function sweepPages(
  sweep: Sweep,
  query: Omit<SessionScan, 'limit' | 'after'>,
  each: (scanned: ScannedSession) => Promise<void>,
): Promise<void> {
  let after: ScannedSession | undefined;
  while (sweep.budget > 0) {
    const limit = Math.min(sweep.batchSize, sweep.budget);
    const page = await sweep.store.scan({ ...query, limit, ...(after ? { after } : {}) });
    sweep.budget -= page.length;
    if (sweep.budget <= 0 && page.length === limit) sweep.report.capped = true;
    await forEachLimited(page, sweep.parallelism, each);
    if (page.length < limit) return;
    after = page.at(-1);
  }
}

/** True (and counted) when a live lease holds the scanned session: a running turn is left alone. */
export function skipLeased(sweep: Sweep, scanned: ScannedSession): boolean {
  if (scanned.leaseExpiresAt === undefined || scanned.leaseExpiresAt <= sweep.now) return false;
  sweep.report.skippedLeased++;
  return true;
}

/** Counts an error of one session (the run goes on) and keeps the first, in words safe to log. */
export function noteError(sweep: Sweep, error: unknown): void {
  sweep.report.errors++;
  if (sweep.report.firstError !== undefined) return;
  const code = isKitError(error) ? error.code : 'unknown';
  const message = error instanceof Error ? error.message : String(error);
  sweep.report.firstError = `${code}: ${redactSecrets(message).slice(0, 200)}`;
}
