import { type CleanupOptions } from './cleanup-options.js';
import { type CleanupReport } from './cleanup-report.js';
/**
 * One cleanup run: expires interrupts that waited longer than `interruptTtlMs`, then deletes
 * sessions older than `sessionTtlMs` (with their history), a page at a time, looking at no more than `maxPerRun` documents. Every change
 * is conditional on the copy the run read, so a run is idempotent, two runs at once never do a
 * thing twice, and a session a live turn holds (or wrote since) is never touched.
 */
export declare function runCleanup(options: CleanupOptions): Promise<CleanupReport>;
