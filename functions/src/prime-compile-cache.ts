// The deploy's build step (`npm run gcp-build`, which Cloud Functions' Node.js build runs after
// installing the dependencies, in the directory the function then runs from): fills
// functions/.compile-cache with V8's compiled code of what an instance's first call loads, so
// the deploy manifest's useCompileCache() finds it. Needs `dist/` (the predeploy build).
import { readdirSync } from 'node:fs';
import { COMPILE_CACHE_DIR, primeCompileCache } from './compile-cache.js';

const DIST = new URL('../dist/', import.meta.url);

/**
 * Every chunk of the bundle (the manifest, its flows, the kit, and the chunks they load on a
 * call, such as the turns' Firestore client), and the SDKs a first call may load.
 */
export const FIRST_CALL_MODULES = [
  ...readdirSync(DIST)
    .filter((file) => file.endsWith('.js'))
    .map((file) => new URL(file, DIST).href),
  'firebase-admin/app',
  'firebase-admin/firestore',
  '@google/genai',
];

if (process.argv[1] === import.meta.filename) await primeCompileCache(COMPILE_CACHE_DIR, FIRST_CALL_MODULES);
