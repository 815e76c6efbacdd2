export { firestoreCode, fromFirestoreError } from './firestore-error.js';
export { FirestoreSessionStore, type FirestoreSessionStoreOptions, type FirestoreStorage, type StoreOperation, } from './firestore-session-store.js';
export { FirestoreTurnQueue, QUEUE_MESSAGE_CHARS } from './firestore-turn-queue.js';
export { FirestoreTurnStops } from './firestore-turn-stops.js';
export { DEFAULT_HISTORY_LIMITS, EMPTY_LAYOUT, type HistoryLayout, type HistoryLimits, type HistoryPlan, planHistory, readHistory, } from './history-layout.js';
