import { FirestoreSessionStore } from '../../kit/session/firestore/index.js';
import { adminFirestore } from '../admin-firestore.js';
import { LazySessionStore } from '../lazy-session-store.js';

/** The sessions of the deployed agents: Firestore, made on the first call. */
export const deployedSessionStore = new LazySessionStore(
  async () => new FirestoreSessionStore({ firestore: await adminFirestore() }),
);
