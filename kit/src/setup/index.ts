export { FirestoreConfigError, mergeIndexes, mergeRules } from './firestore-config.js';
export { type MergedFiles, mergeFirestoreFiles } from './merge-firestore-files.js';
