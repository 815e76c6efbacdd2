export { FirestoreConfigError, mergeIndexes, mergeRules, RULES_BEGIN, RULES_END, } from './firestore-config.js';
export { mergeFirestoreFiles } from './merge-firestore-files.js';
//# sourceMappingURL=index.js.map