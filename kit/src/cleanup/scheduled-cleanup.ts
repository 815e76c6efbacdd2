import * as logger from 'firebase-functions/logger';
import { onSchedule, type ScheduleFunction, type ScheduleOptions } from 'firebase-functions/v2/scheduler';
import { lazy } from '../lazy/index.js';
import type { SweepableSessionStore } from '../session/index.js';
import type { CleanupPolicy } from './cleanup-options.js';
import type { CleanupReport } from './cleanup-report.js';
import { defaultFirestore } from './default-firestore.js';

// This module loads firebase-functions and nothing heavy: the cleanup itself (the session
// layer, zod) and firebase-admin are imported by the first run.

/** A store, or a function that makes it on the first run. */
export type CleanupStoreSource = SweepableSessionStore | (() => SweepableSessionStore | Promise<SweepableSessionStore>);

/** Options of {@link scheduledCleanup}: `onSchedule`'s (region, timeZone, retryCount, …) and the cleanup's. */
export interface ScheduledCleanupOptions extends Omit<ScheduleOptions, 'schedule'>, CleanupPolicy {
  /** When to run (Cloud Scheduler syntax). Default `every 60 minutes`. */
  schedule?: string;
  /** The sessions to clean. Default: a FirestoreSessionStore on firebase-admin's default app. */
  store?: CleanupStoreSource;
  /** For the default store: its collection prefix and names (as `FirestoreSessionStoreOptions`). */
  prefix?: string;
  collections?: { sessions?: string; history?: string };
}

type RunCleanup = typeof import('./run-cleanup.js').runCleanup;

function storeLoader(options: ScheduledCleanupOptions): () => Promise<SweepableSessionStore> {
  const { store, prefix, collections } = options;
  let made: Promise<SweepableSessionStore> | undefined;
  return () => {
    made ??= (async () => {
      if (store !== undefined) return typeof store === 'function' ? store() : store;
      const [{ FirestoreSessionStore }, firestore] = await Promise.all([
        import('../session/firestore/firestore-session-store.js'),
        defaultFirestore(),
      ]);
      return new FirestoreSessionStore({
        firestore,
        ...(prefix === undefined ? {} : { prefix }),
        ...(collections === undefined ? {} : { collections }),
      });
    })().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

/** The one log line of a run: INFO, or WARNING when some sessions could not be cleaned. */
function logReport(report: CleanupReport, summary: string): void {
  const log = report.errors || report.hookFailures ? logger.warn : logger.info;
  log(summary, { sessionCleanup: report });
}

/**
 * A scheduled function (firebase-functions v2 `onSchedule`) that runs the cleanup: expires
 * interrupts that waited too long, tells waiting approvals nobody told (`onApprovalWaiting`), deletes old sessions with their history, bounded per run, and logs one summary line per run (expired, deleted, skipped because
 * leased, duration). A run that fails logs an ERROR line and throws, so Cloud Scheduler retries
 * as `retryCount` says.
 */
export function scheduledCleanup(options: ScheduledCleanupOptions = {}): ScheduleFunction {
  const {
    schedule = 'every 60 minutes',
    store: _store,
    prefix: _prefix,
    collections: _collections,
    interruptTtlMs,
    sessionTtlMs,
    batchSize,
    maxPerRun,
    parallelism,
    onExpired,
    onApprovalWaiting,
    noticeGraceMs,
    ...scheduleOptions
  } = options;
  const policy: CleanupPolicy = { interruptTtlMs, sessionTtlMs, batchSize, maxPerRun, parallelism, noticeGraceMs };
  if (onExpired) policy.onExpired = onExpired;
  if (onApprovalWaiting) policy.onApprovalWaiting = onApprovalWaiting;
  const loadStore = storeLoader(options);
  const loadRunCleanup: () => Promise<RunCleanup> = lazy(() => import('./run-cleanup.js').then((m) => m.runCleanup));
  return onSchedule({ ...scheduleOptions, schedule }, async () => {
    const started = performance.now();
    try {
      const [run, store, { cleanupSummary }] = await Promise.all([
        loadRunCleanup(),
        loadStore(),
        import('./cleanup-report.js'),
      ]);
      const report = await run({ ...policy, store });
      logReport(report, cleanupSummary(report));
    } catch (error) {
      const { failedRunError } = await import('./failed-run-error.js');
      const failure = failedRunError(error, performance.now() - started);
      // write(), not error(): error() would put a stack trace into the message.
      logger.write({
        severity: 'ERROR',
        message: failure.message,
        sessionCleanup: { failed: true, code: failure.code },
      });
      throw failure;
    }
  });
}
