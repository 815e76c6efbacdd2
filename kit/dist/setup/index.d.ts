export { FirestoreConfigError, type FirestoreIndexes, mergeIndexes, mergeRules, RULES_BEGIN, RULES_END, } from './firestore-config.js';
export { type MergedFiles, mergeFirestoreFiles } from './merge-firestore-files.js';
