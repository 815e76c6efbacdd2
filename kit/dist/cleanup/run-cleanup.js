import { KitError } from '../errors/index.js';
import { DEFAULT_BATCH_SIZE, DEFAULT_CLEANUP_SESSION_TTL_MS, DEFAULT_INTERRUPT_TTL_MS, DEFAULT_MAX_PER_RUN, DEFAULT_PARALLELISM, } from './cleanup-options.js';
import { emptyReport } from './cleanup-report.js';
import { deleteSessions } from './delete-sessions.js';
import { expireInterrupts } from './expire-interrupts.js';
function positive(name, value, fallback, integer = false) {
    const v = value ?? fallback;
    if (!(v > 0) || (integer && !Number.isInteger(v))) {
        throw new KitError('invalid-argument', `cleanup option ${name} must be a positive ${integer ? 'whole ' : ''}number, not ${v}`);
    }
    return v;
}
function sweepOf(options, now) {
    const batchSize = positive('batchSize', options.batchSize, DEFAULT_BATCH_SIZE, true);
    if (batchSize > 500)
        throw new KitError('invalid-argument', 'cleanup option batchSize must be at most 500');
    return {
        store: options.store,
        now,
        interruptTtlMs: positive('interruptTtlMs', options.interruptTtlMs, DEFAULT_INTERRUPT_TTL_MS),
        sessionTtlMs: positive('sessionTtlMs', options.sessionTtlMs, DEFAULT_CLEANUP_SESSION_TTL_MS),
        batchSize,
        parallelism: positive('parallelism', options.parallelism, DEFAULT_PARALLELISM, true),
        onExpired: options.onExpired,
        report: emptyReport(),
        budget: positive('maxPerRun', options.maxPerRun, DEFAULT_MAX_PER_RUN, true),
    };
}
/**
 * One cleanup run: expires interrupts that waited longer than `interruptTtlMs`, then deletes
 * sessions older than `sessionTtlMs` (with their history), a page at a time, looking at no more than `maxPerRun` documents. Every change
 * is conditional on the copy the run read, so a run is idempotent, two runs at once never do a
 * thing twice, and a session a live turn holds (or wrote since) is never touched.
 */
export async function runCleanup(options) {
    const started = performance.now();
    const sweep = sweepOf(options, (options.clock ?? Date.now)());
    // Expiry first: it is what users notice (a notification, a refused resume); deletion can wait a run.
    await expireInterrupts(sweep);
    await deleteSessions(sweep);
    sweep.report.durationMs = performance.now() - started;
    return sweep.report;
}
//# sourceMappingURL=run-cleanup.js.map