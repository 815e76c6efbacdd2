import { lazy } from '@callable-flows/kit/lazy/index.js';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * The functions' Firestore (firebase-admin, the default app), made on first use: firebase-admin
 * and its gRPC stack load when a turn needs them, not on every cold start or deploy analysis. A
 * failed start is not remembered: the next call tries again.
 */
export const adminFirestore: () => Promise<Firestore> = lazy(async () => {
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
  const app = getApps()[0] ?? initializeApp();
  return getFirestore(app);
});
