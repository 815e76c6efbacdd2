import type { Firestore } from 'firebase-admin/firestore';
/**
 * The Firestore of firebase-admin's default app (made if there is none), on first use: a
 * scheduled function's cold start loads firebase-admin only when a run needs it. A failed start
 * is tried again on the next run.
 */
export declare const defaultFirestore: () => Promise<Firestore>;
