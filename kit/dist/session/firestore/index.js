export { FirestoreSessionStore, } from './firestore-session-store.js';
//# sourceMappingURL=index.js.map