export { firestoreCode, fromFirestoreError } from './firestore-error.js';
export { FirestoreSessionStore, } from './firestore-session-store.js';
export { FirestoreTurnQueue, QUEUE_MESSAGE_CHARS } from './firestore-turn-queue.js';
export { FirestoreTurnStops } from './firestore-turn-stops.js';
export { DEFAULT_HISTORY_LIMITS, EMPTY_LAYOUT, planHistory, readHistory, } from './history-layout.js';
//# sourceMappingURL=index.js.map