// The kit's deploy code as a few files instead of a few hundred modules, as functions/ ships its
// own (functions/rolldown.config.mjs): Node's ESM loader spends far more of a cold start resolving
// and linking small modules than running them, and unbundled, the kit's onCallFlow alone took
// longer to import than the example deployment's whole manifest. `tsc` checks and emits lib/ (with
// the types the install template compiles against); this bundles lib/ into dist/, what the
// Firebase CLI loads. The agent (kit-instance.js) stays a chunk of its own, loaded on the first
// call. @callable-flows/kit, its protocol, zod and lru-cache are bundled; the SDKs stay in
// node_modules (the kit's dependencies, which npm installs beside it).
import { builtinModules } from 'node:module';
import { defineConfig } from 'rolldown';

const EXTERNAL = [
  /^firebase-functions(\/|$)/,
  /^firebase-admin(\/|$)/,
  /^@google-cloud\//,
  /^@google\/genai(\/|$)/,
  /^google-auth-library(\/|$)/,
  /^@opentelemetry\/(?!api$)/,
  /^@modelcontextprotocol\//,
];
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

export default defineConfig({
  input: { index: 'lib/index.js' },
  platform: 'node',
  external: (id) => builtins.has(id) || EXTERNAL.some((pattern) => pattern.test(id)),
  output: {
    dir: 'dist',
    cleanDir: true,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name].js',
    sourcemap: true,
  },
});
