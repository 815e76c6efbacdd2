import { isKitError } from '../errors/index.js';
import { redactSecrets } from '../redact/index.js';
import { forEachLimited } from './for-each-limited.js';
/**
 * Runs `each` on the sessions `query` finds, a page at a time within the run's budget, at most
 * `parallelism` at once; a full page that used the last of the budget marks the report capped.
 */
export async function sweepPages(sweep, query, each) {
    let after;
    while (sweep.budget > 0) {
        const limit = Math.min(sweep.batchSize, sweep.budget);
        const page = await sweep.store.scan({ ...query, limit, ...(after ? { after } : {}) });
        sweep.budget -= page.length;
        if (sweep.budget <= 0 && page.length === limit)
            sweep.report.capped = true;
        await forEachLimited(page, sweep.parallelism, each);
        if (page.length < limit)
            return;
        after = page.at(-1);
    }
}
/** True (and counted) when a live lease holds the scanned session: a running turn is left alone. */
export function skipLeased(sweep, scanned) {
    if (scanned.leaseExpiresAt === undefined || scanned.leaseExpiresAt <= sweep.now)
        return false;
    sweep.report.skippedLeased++;
    return true;
}
/** Counts an error of one session (the run goes on) and keeps the first, in words safe to log. */
export function noteError(sweep, error) {
    sweep.report.errors++;
    if (sweep.report.firstError !== undefined)
        return;
    const code = isKitError(error) ? error.code : 'unknown';
    const message = error instanceof Error ? error.message : String(error);
    sweep.report.firstError = `${code}: ${redactSecrets(message).slice(0, 200)}`;
}
//# sourceMappingURL=sweep.js.map