export type { CleanupOptions, ExpiredHook } from './cleanup-options.js';
export type { CleanupReport } from './cleanup-report.js';
export { notifyOwner } from './notify-owner.js';
export { runCleanup } from './run-cleanup.js';
export { type ScheduledCleanupOptions, scheduledCleanup } from './scheduled-cleanup.js';
