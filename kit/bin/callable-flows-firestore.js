#!/usr/bin/env node
// Merges the kit's Firestore rules and indexes into the project in the current folder (or the one
// named): `npx callable-flows-firestore [projectDir]`, run where firebase.json is.
import { mergeFirestoreFiles } from '../dist/setup/merge-firestore-files.js';

const merged = mergeFirestoreFiles(process.argv[2] ?? process.cwd());
console.log(`merged the Callable Flows rules into ${merged.rules} and its indexes into ${merged.indexes}`);
for (const file of merged.named)
  console.log(`named ${file} in firebase.json's "firestore" section, for \`firebase deploy\` and the emulator`);
