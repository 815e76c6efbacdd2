export { DEFAULT_BATCH_SIZE, DEFAULT_CLEANUP_SESSION_TTL_MS, DEFAULT_INTERRUPT_TTL_MS, DEFAULT_MAX_PER_RUN, DEFAULT_PARALLELISM, } from './cleanup-options.js';
export { cleanupSummary } from './cleanup-report.js';
export { expireSession } from './expire-session.js';
export { notifyOwner } from './notify-owner.js';
export { runCleanup } from './run-cleanup.js';
export { scheduledCleanup } from './scheduled-cleanup.js';
//# sourceMappingURL=index.js.map