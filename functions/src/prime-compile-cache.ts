// The deploy's build step (`npm run gcp-build`, which Cloud Functions' Node.js build runs after
// installing the dependencies, in the directory the function then runs from): fills
// functions/.compile-cache with V8's compiled code of what an instance's first call loads, so
// the deploy manifest's useCompileCache() finds it. Needs `dist/` (the predeploy build).
import { COMPILE_CACHE_DIR, primeCompileCache } from './compile-cache.js';

const dist = (file: string) => new URL(`../dist/${file}`, import.meta.url).href;

/** The manifest, its flows' chunks, the kit, and the SDKs a first call loads. */
export const FIRST_CALL_MODULES = [
  dist('index.js'),
  dist('kit.js'),
  dist('order-assistant.js'),
  dist('transfer-money.js'),
  dist('summarize.js'),
  dist('welcome.js'),
  'firebase-admin/app',
  'firebase-admin/firestore',
  '@google/genai',
];

if (process.argv[1] === import.meta.filename) await primeCompileCache(COMPILE_CACHE_DIR, FIRST_CALL_MODULES);
