import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeIndexes, mergeRules } from './firestore-config.js';
import { prefixIndexes, prefixRules } from './prefixed-firestore-config.js';
import { jsonText, readJson, readText, writeIfChanged } from './project-files.js';

/** Where the kit's own files are: the package's root (beside dist/). */
export const KIT_ROOT = new URL('../../', import.meta.url);

/** What a merge wrote, for the command to say. */
export interface MergedFiles {
  rules: string;
  indexes: string;
  /** The files it named in firebase.json's `firestore` section, so that `firebase deploy` and the emulator read them. */
  named: string[];
  /** The files it changed (none when the project had the kit's rules and indexes already). */
  changed: string[];
}

interface FirebaseJson {
  firestore?: { rules?: string; indexes?: string; [field: string]: unknown };
  [field: string]: unknown;
}

/**
 * Merges the kit's rules and indexes into the project at `projectDir` (the folder of its
 * firebase.json), into the files its `firestore` section names (default firestore.rules and
 * firestore.indexes.json), and names the defaults there when it named none. With a `prefix`
 * (an instance's collection prefix), the rules and indexes are those of `<prefix>sessions`,
 * `<prefix>approvals`, …, in a block of their own beside any other prefix's. Running it again
 * changes nothing.
 */
export function mergeFirestoreFiles(projectDir: string, options: { prefix?: string } = {}): MergedFiles {
  const prefix = options.prefix ?? '';
  const configPath = join(projectDir, 'firebase.json');
  const config = readJson<FirebaseJson>(configPath);
  const firestore = config.firestore ?? {};
  const rules = join(projectDir, firestore.rules ?? 'firestore.rules');
  const indexes = join(projectDir, firestore.indexes ?? 'firestore.indexes.json');
  // Both merged before either is written: a file the merge refuses leaves the other untouched too.
  const kitRules = prefixRules(readFileSync(new URL('firestore.rules', KIT_ROOT), 'utf8'), prefix);
  const kitIndexes = prefixIndexes(readFileSync(new URL('firestore.indexes.json', KIT_ROOT), 'utf8'), prefix);
  const mergedRules = mergeRules(readText(rules), kitRules);
  const mergedIndexes = mergeIndexes(readText(indexes), kitIndexes);
  const changed = [
    ...(writeIfChanged(rules, mergedRules) ? [rules] : []),
    ...(writeIfChanged(indexes, mergedIndexes) ? [indexes] : []),
  ];
  const named = [
    ...(firestore.rules ? [] : ['firestore.rules']),
    ...(firestore.indexes ? [] : ['firestore.indexes.json']),
  ];
  if (named.length) {
    const section = { rules: 'firestore.rules', indexes: 'firestore.indexes.json', ...firestore };
    writeIfChanged(configPath, jsonText({ ...config, firestore: section }));
    changed.push(configPath);
  }
  return { rules, indexes, named, changed };
}
