#!/usr/bin/env node
// Merges the kit's Firestore rules and indexes into the project in the current folder (or the one
// named): `npx callable-flows-firestore [projectDir] [--prefix <prefix>]`, run where firebase.json
// is. With --prefix, the rules and indexes are those of an instance's prefixed collections
// (`<prefix>sessions`, `<prefix>approvals`, …): a Function Kit instance's AGENT_COLLECTION_PREFIX.
import { parseArgs } from 'node:util';
import { mergeFirestoreFiles } from '../dist/setup/merge-firestore-files.js';

let args;
try {
  args = parseArgs({ allowPositionals: true, options: { prefix: { type: 'string' } } });
} catch (error) {
  console.error(`${error.message}\nusage: callable-flows-firestore [projectDir] [--prefix <prefix>]`);
  process.exit(2);
}
const prefix = args.values.prefix ?? '';
let merged;
try {
  merged = mergeFirestoreFiles(args.positionals[0] ?? process.cwd(), { prefix });
} catch (error) {
  console.error(`callable-flows-firestore: ${error.message}`);
  process.exit(1);
}
const what = prefix ? `the rules of the '${prefix}' collections` : 'the Callable Flows rules';
console.log(`merged ${what} into ${merged.rules} and its indexes into ${merged.indexes}`);
for (const file of merged.named)
  console.log(`named ${file} in firebase.json's "firestore" section, for \`firebase deploy\` and the emulator`);
console.log('deploy them with `firebase deploy --only firestore`');
