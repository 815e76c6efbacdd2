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
 * Runs `eachPage` on the pages of sessions `query` finds, within the run's budget; a full page
 * that used the last of the budget marks the report capped. The next page is asked for as soon
 * as a full page arrives, so the scan's round trip overlaps the page's commits.
 */
export async function sweepPages(
  sweep: Sweep,
  query: Omit<SessionScan, 'limit' | 'after'>,
  eachPage: (page: ScannedSession[]) => Promise<void>,
): Promise<void> {
  const scan = (limit: number, after?: ScannedSession) => {
    const page = sweep.store.scan({ ...query, limit, ...(after ? { after } : {}) });
    // Awaited below unless `eachPage` throws first: the run then fails with that error, not this one.
    page.catch(() => undefined);
    return { limit, page };
  };
  let next = sweep.budget > 0 ? scan(Math.min(sweep.batchSize, sweep.budget)) : undefined;
  while (next) {
    const page = await next.page;
    sweep.budget -= page.length;
    const full = page.length === next.limit;
    if (sweep.budget <= 0 && full) sweep.report.capped = true;
    next = full && sweep.budget > 0 ? scan(Math.min(sweep.batchSize, sweep.budget), page.at(-1)) : undefined;
    await eachPage(page);
  }
}

/** Sessions in one shared commit at most (`writeAll`, `deleteAll`): a page's sessions in a few round trips. */
export const SESSIONS_PER_COMMIT = 32;

/**
 * Runs `commit` on `items` in groups of up to {@link SESSIONS_PER_COMMIT} (fewer when the run's
 * parallelism is smaller), as many groups at once as make its `parallelism` sessions.
 */
export async function inCommits<T>(
  sweep: Sweep,
  items: readonly T[],
  commit: (group: readonly T[]) => Promise<void>,
): Promise<void> {
  const size = Math.min(SESSIONS_PER_COMMIT, sweep.parallelism);
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  await forEachLimited(groups, Math.ceil(sweep.parallelism / size), commit);
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
