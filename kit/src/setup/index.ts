export {
  adoptPackageJson,
  emulatorsScript,
  type KitManifest,
  type PackageJson,
  TEST_SCRIPT,
} from './adopt-package-json.js';
export { adoptTsConfig, KIT_TARGET, type TsConfig } from './adopt-tsconfig.js';
export { blockMarkers, FirestoreConfigError, mergeIndexes, mergeRules } from './firestore-config.js';
export { type InitReport, initProject, projectRoot } from './init-project.js';
export { KIT_ROOT, type MergedFiles, mergeFirestoreFiles } from './merge-firestore-files.js';
export {
  assertCollectionPrefix,
  isCollectionPrefix,
  PREFIXED_COLLECTIONS,
  prefixIndexes,
  prefixRules,
} from './prefixed-firestore-config.js';
export { STARTER_EXPORT, STARTER_FILES, writeStarterFiles } from './write-starter-files.js';
