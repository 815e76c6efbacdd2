import { type ScheduleFunction, type ScheduleOptions } from 'firebase-functions/v2/scheduler';
import type { SweepableSessionStore } from '../session/index.js';
import type { CleanupPolicy } from './cleanup-options.js';
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
    collections?: {
        sessions?: string;
        history?: string;
    };
}
/**
 * A scheduled function (firebase-functions v2 `onSchedule`) that runs the cleanup: expires
 * interrupts that waited too long, deletes old sessions with their history, bounded per run, and logs one summary line per run (expired, deleted, skipped because
 * leased, duration). A run that fails logs an ERROR line and throws, so Cloud Scheduler retries
 * as `retryCount` says.
 */
export declare function scheduledCleanup(options?: ScheduledCleanupOptions): ScheduleFunction;
