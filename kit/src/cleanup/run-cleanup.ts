import { KitError } from '../errors/index.js';
import {
  type CleanupOptions,
  DEFAULT_BATCH_SIZE,
  DEFAULT_CLEANUP_SESSION_TTL_MS,
  DEFAULT_INTERRUPT_TTL_MS,
  DEFAULT_MAX_PER_RUN,
  DEFAULT_NOTICE_GRACE_MS,
  DEFAULT_PARALLELISM,
} from './cleanup-options.js';
import { type CleanupReport, emptyReport } from './cleanup-report.js';
import { deleteSessions } from './delete-sessions.js';
import { expireInterrupts } from './expire-interrupts.js';
import type { Sweep } from './sweep.js';
import { tellUntold } from './tell-untold.js';

function positive(name: string, value: number | undefined, fallback: number, integer = false): number {
  const v = value ?? fallback;
  if (!(v > 0) || (integer && !Number.isInteger(v))) {
    throw new KitError(
      'invalid-argument',
      `cleanup option ${name} must be a positive ${integer ? 'whole ' : ''}number, not ${v}`,
    );
  }
  return v;
}

function sweepOf(options: CleanupOptions, now: number): Sweep {
  const batchSize = positive('batchSize', options.batchSize, DEFAULT_BATCH_SIZE, true);
  if (batchSize > 500) throw new KitError('invalid-argument', 'cleanup option batchSize must be at most 500');
  if (options.onApprovalWaiting && !options.store.approvals) {
    throw new KitError(
      'invalid-argument',
      'cleanup option onApprovalWaiting needs a store that keeps an approvals inbox (a FirestoreSessionStore)',
    );
  }
  return {
    store: options.store,
    now,
    interruptTtlMs: positive('interruptTtlMs', options.interruptTtlMs, DEFAULT_INTERRUPT_TTL_MS),
    sessionTtlMs: positive('sessionTtlMs', options.sessionTtlMs, DEFAULT_CLEANUP_SESSION_TTL_MS),
    batchSize,
    parallelism: positive('parallelism', options.parallelism, DEFAULT_PARALLELISM, true),
    onExpired: options.onExpired,
    onApprovalWaiting: options.onApprovalWaiting,
    noticeGraceMs: positive('noticeGraceMs', options.noticeGraceMs, DEFAULT_NOTICE_GRACE_MS),
    report: emptyReport(),
    budget: positive('maxPerRun', options.maxPerRun, DEFAULT_MAX_PER_RUN, true),
  };
}

/**
 * One cleanup run: expires interrupts that waited longer than `interruptTtlMs`, tells the
 * waiting approvals nobody told (`onApprovalWaiting`), then deletes
 * sessions older than `sessionTtlMs` (with their history), a page at a time, looking at no more than `maxPerRun` documents. Every change
 * is conditional on the copy the run read, so a run is idempotent, two runs at once never do a
 * thing twice, and a session a live turn holds (or wrote since) is never touched.
 */
export async function runCleanup(options: CleanupOptions): Promise<CleanupReport> {
  const started = performance.now();
  const sweep = sweepOf(options, (options.clock ?? Date.now)());
  // Expiry first: it is what users notice (a notification, a refused resume); deletion can wait a run.
  await expireInterrupts(sweep);
  // After expiry, which closes what it expired: only approvals that still wait are told.
  await tellUntold(sweep);
  await deleteSessions(sweep);
  sweep.report.durationMs = performance.now() - started;
  return sweep.report;
}
