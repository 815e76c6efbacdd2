import type { DocumentDb } from '../kit/firestore/index.js';
import { lazy } from '../kit/lazy/index.js';
import { adminFirestore } from './admin-firestore.js';

/**
 * The Firestore the deployed turns read and write (sessions, usage counters), made on first use:
 * the REST client wherever it reaches Firestore without firebase-admin (the emulator, Google
 * Cloud's metadata server), firebase-admin's client elsewhere. A cold instance's first turn then
 * waits for a few HTTP calls instead of loading the SDK's gRPC stack (docs/benchmarks.md, the cold
 * turn). Listeners (a running turn's stop) attach through firebase-admin once a turn has run a
 * second, so a short turn never loads it. `TURNS_FIRESTORE_CLIENT=sdk` (an environment variable
 * of the functions) keeps the turns on firebase-admin's client.
 */
export const turnFirestore: () => Promise<DocumentDb> = lazy(async () => {
  if (process.env.TURNS_FIRESTORE_CLIENT === 'sdk') return adminFirestore();
  const { RestFirestore, restEndpointFromEnv } = await import('../kit/firestore/index.js');
  const endpoint = restEndpointFromEnv();
  return endpoint ? new RestFirestore({ endpoint, listenWith: adminFirestore }) : adminFirestore();
});
