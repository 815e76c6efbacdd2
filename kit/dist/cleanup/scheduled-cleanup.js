import * as logger from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { lazy } from '../lazy/index.js';
import { defaultFirestore } from './default-firestore.js';
function storeLoader(options) {
    const { store, prefix, collections } = options;
    let made;
    return () => {
        made ??= (async () => {
            if (store !== undefined)
                return typeof store === 'function' ? store() : store;
            const [{ FirestoreSessionStore }, firestore] = await Promise.all([
                import('../session/firestore/firestore-session-store.js'),
                defaultFirestore(),
            ]);
            return new FirestoreSessionStore({
                firestore,
                ...(prefix === undefined ? {} : { prefix }),
                ...(collections === undefined ? {} : { collections }),
            });
        })().catch((error) => {
            made = undefined;
            throw error;
        });
        return made;
    };
}
/** The one log line of a run: INFO, or WARNING when some sessions could not be cleaned. */
function logReport(report, summary) {
    const log = report.errors || report.hookFailures ? logger.warn : logger.info;
    log(summary, { sessionCleanup: report });
}
/**
 * A scheduled function (firebase-functions v2 `onSchedule`) that runs the cleanup: expires
 * interrupts that waited too long, deletes old sessions with their history, bounded per run, and logs one summary line per run (expired, deleted, skipped because
 * leased, duration). A run that fails logs an ERROR line and throws, so Cloud Scheduler retries
 * as `retryCount` says.
 */
export function scheduledCleanup(options = {}) {
    const { schedule = 'every 60 minutes', store: _store, prefix: _prefix, collections: _collections, interruptTtlMs, sessionTtlMs, batchSize, maxPerRun, parallelism, onExpired, ...scheduleOptions } = options;
    const policy = { interruptTtlMs, sessionTtlMs, batchSize, maxPerRun, parallelism };
    if (onExpired)
        policy.onExpired = onExpired;
    const loadStore = storeLoader(options);
    const loadRunCleanup = lazy(() => import('./run-cleanup.js').then((m) => m.runCleanup));
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
        }
        catch (error) {
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
//# sourceMappingURL=scheduled-cleanup.js.map