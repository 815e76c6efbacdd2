import type { DocumentDb } from '@callable-flows/kit/firestore/index.js';
import { lazy } from '@callable-flows/kit/lazy/index.js';
import type { Firestore } from 'firebase-admin/firestore';

/** firebase-admin's Firestore on the default app, loaded on first use (listeners, the cleanup's queries). */
export const adminFirestore: () => Promise<Firestore> = lazy(async () => {
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
  return getFirestore(getApps()[0] ?? initializeApp());
});

/**
 * The Firestore the turns read and write: the kit's REST client where the environment says
 * (the emulator, Google Cloud), so a cold instance's first turn loads no gRPC stack; listeners
 * attach through firebase-admin once a turn has run a second.
 */
export const turnFirestore: () => Promise<DocumentDb> = lazy(async () => {
  const { RestFirestore, restEndpointFromEnv } = await import('@callable-flows/kit/firestore/index.js');
  return new RestFirestore({ endpoint: restEndpointFromEnv(), listenWith: adminFirestore });
});
