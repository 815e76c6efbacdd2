import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { LazySessionStore } from '../lazy-session-store.js';
import { turnFirestore } from '../turn-firestore.js';

/** The sessions of the deployed agents: Firestore (the turns' client, see turn-firestore.ts), made on the first call. */
export const deployedSessionStore = new LazySessionStore(
  async () => new FirestoreSessionStore({ firestore: await turnFirestore() }),
);
