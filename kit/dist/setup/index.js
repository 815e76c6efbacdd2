export { FirestoreConfigError, mergeIndexes, mergeRules } from './firestore-config.js';
export { mergeFirestoreFiles } from './merge-firestore-files.js';
//# sourceMappingURL=index.js.map