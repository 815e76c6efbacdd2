import type { Firestore } from 'firebase-admin/firestore';
import type { ExpiredHook } from './cleanup-options.js';
/** Options of {@link notifyOwner}. */
export interface NotifyOwnerOptions {
    /** Where to write. Default: firebase-admin's default app. */
    firestore?: Firestore | (() => Promise<Firestore>);
    /** Default `notifications`. */
    collection?: string;
    /** How long a notification is kept (its `expireAt`). Default 30 days. */
    ttlMs?: number;
    /** The time in epoch ms. Default `Date.now`. */
    clock?: () => number;
}
/**
 * An `onExpired` hook that writes a notification document for the session's owner (a stand-in
 * for a push message through FCM): who, which session, which calls expired (names and refs
 * only: their inputs may be private). Its id is the session's id and version, so a repeated
 * hook call writes the same document.
 */
export declare function notifyOwner(options?: NotifyOwnerOptions): ExpiredHook;
