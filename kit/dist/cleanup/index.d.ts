export { type CleanupOptions, type CleanupPolicy, DEFAULT_BATCH_SIZE, DEFAULT_CLEANUP_SESSION_TTL_MS, DEFAULT_INTERRUPT_TTL_MS, DEFAULT_MAX_PER_RUN, DEFAULT_PARALLELISM, type ExpiredHook, } from './cleanup-options.js';
export { type CleanupReport, cleanupSummary } from './cleanup-report.js';
export { expireSession } from './expire-session.js';
export { notifyOwner } from './notify-owner.js';
export { runCleanup } from './run-cleanup.js';
export { type ScheduledCleanupOptions, scheduledCleanup } from './scheduled-cleanup.js';
