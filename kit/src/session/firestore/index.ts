export {
  FirestoreSessionStore,
  type FirestoreSessionStoreOptions,
  type StoreOperation,
} from './firestore-session-store.js';
