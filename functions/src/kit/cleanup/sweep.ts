import { isKitError } from '../errors/index.js';
import { redactSecrets } from '../redact/index.js';
import type { SweepableSessionStore } from '../session/index.js';
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

/** The size of the next page: the batch size, or what is left of the budget. */
export function nextPageSize(sweep: Sweep): number {
  return Math.min(sweep.batchSize, sweep.budget);
}

/** Spends `used` of the budget; a full page that used the last of it means there may be more. */
export function spend(sweep: Sweep, used: number, pageSize: number): void {
  sweep.budget -= used;
  if (sweep.budget <= 0 && used === pageSize) sweep.report.capped = true;
}

/** Counts an error of one session (the run goes on) and keeps the first, in words safe to log. */
export function noteError(sweep: Sweep, error: unknown): void {
  sweep.report.errors++;
  if (sweep.report.firstError !== undefined) return;
  const code = isKitError(error) ? error.code : 'unknown';
  const message = error instanceof Error ? error.message : String(error);
  sweep.report.firstError = `${code}: ${redactSecrets(message).slice(0, 200)}`;
}
