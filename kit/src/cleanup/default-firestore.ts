import type { Firestore } from 'firebase-admin/firestore';
import { lazy } from '../lazy/index.js';

/**
 * The Firestore of firebase-admin's default app (made if there is none), on first use: a
 * scheduled function's cold start loads firebase-admin only when a run needs it. A failed start
 * is tried again on the next run.
 */
export const defaultFirestore: () => Promise<Firestore> = lazy(async () => {
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
  return getFirestore(getApps()[0] ?? initializeApp());
});
