import type { Firestore } from 'firebase-admin/firestore';

let firestore: Promise<Firestore> | undefined;

/**
 * The functions' Firestore (firebase-admin, the default app), made on first use: firebase-admin
 * and its gRPC stack load when a turn needs them, not on every cold start or deploy analysis.
 */
export function adminFirestore(): Promise<Firestore> {
  firestore ??= (async () => {
    const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/firestore'),
    ]);
    const app = getApps()[0] ?? initializeApp();
    return getFirestore(app);
  })();
  return firestore;
}
