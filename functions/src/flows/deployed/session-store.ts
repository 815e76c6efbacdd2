import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { DEFAULT_USAGE_COLLECTION } from '@callable-flows/kit/usage/firestore-usage-counters.js';
import { LazySessionStore } from '../lazy-session-store.js';
import { turnFirestore } from '../turn-firestore.js';

/**
 * The sessions of the deployed agents: Firestore (the turns' client, see turn-firestore.ts), made
 * on the first call. Every write charges the tokens it journals to the owner's usage counters
 * (the collection the manifest's limits read), whichever path ran the turn.
 */
export const deployedSessionStore = new LazySessionStore(
  async () =>
    new FirestoreSessionStore({ firestore: await turnFirestore(), usageCollection: DEFAULT_USAGE_COLLECTION }),
  true,
);
