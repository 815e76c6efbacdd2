import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeIndexes, mergeRules } from './firestore-config.js';

/** Where the kit's own files are: the package's root (beside dist/). */
const KIT_ROOT = new URL('../../', import.meta.url);

/** What a merge wrote, for the command to say. */
export interface MergedFiles {
  rules: string;
  indexes: string;
  /** The files firebase.json doesn't name yet, which it must for `firebase deploy` to deploy them. */
  unnamed: string[];
}

const read = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

/**
 * Merges the kit's rules and indexes into the project at `projectDir` (the folder of its
 * firebase.json), into the files its `firestore` section names (default firestore.rules and
 * firestore.indexes.json). Running it again changes nothing.
 */
export function mergeFirestoreFiles(projectDir: string): MergedFiles {
  const config = JSON.parse(read(join(projectDir, 'firebase.json')) ?? '{}') as {
    firestore?: { rules?: string; indexes?: string };
  };
  const rules = join(projectDir, config.firestore?.rules ?? 'firestore.rules');
  const indexes = join(projectDir, config.firestore?.indexes ?? 'firestore.indexes.json');
  // Both merged before either is written: a file the merge refuses leaves the other untouched too.
  const mergedRules = mergeRules(read(rules), readFileSync(new URL('firestore.rules', KIT_ROOT), 'utf8'));
  const mergedIndexes = mergeIndexes(read(indexes), readFileSync(new URL('firestore.indexes.json', KIT_ROOT), 'utf8'));
  writeFileSync(rules, mergedRules);
  writeFileSync(indexes, mergedIndexes);
  const unnamed = [
    ...(config.firestore?.rules ? [] : ['firestore.rules']),
    ...(config.firestore?.indexes ? [] : ['firestore.indexes.json']),
  ];
  return { rules, indexes, unnamed };
}
