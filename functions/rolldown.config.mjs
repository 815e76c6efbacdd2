// The deployed code as a few files instead of a hundred modules: Node's ESM loader spends far
// more of a cold start resolving and linking small modules than running them. `tsc` checks and
// emits lib/ (tests, benchmarks, scripts); this bundles lib/ into dist/, which is what
// Cloud Functions loads (package.json `main`). Each flow stays its own chunk, loaded on its
// first call; zod and the kit are shared by them. SDKs stay in node_modules.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';

// The OpenTelemetry SDK is the app's own opt-in dependency (registerTracing loads it on first
// use); only @opentelemetry/api is bundled.
const EXTERNAL = [
  /^firebase-functions(\/|$)/,
  /^firebase-admin(\/|$)/,
  /^@google-cloud\//,
  /^@google\/genai(\/|$)/,
  // Loaded only off Google Cloud (GoogleAuthEndpoint's first call), never on a deployed cold path.
  /^google-auth-library(\/|$)/,
  /^@opentelemetry\/(?!api$)/,
  // The MCP SDK is the app's own optional dependency too: mcpTools imports it on a source's first use.
  /^@modelcontextprotocol\//,
];
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

export default defineConfig({
  input: {
    index: 'lib/index.js',
    kit: fileURLToPath(import.meta.resolve('@callable-flows/kit')),
    engine: fileURLToPath(import.meta.resolve('@callable-flows/kit/engine')),
  },
  platform: 'node',
  external: (id) => builtins.has(id) || EXTERNAL.some((pattern) => pattern.test(id)),
  output: {
    dir: 'dist',
    // Chunks of an earlier build would linger (and the build step primes every chunk it finds).
    cleanDir: true,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name].js',
    // The compile cache's switch is a chunk of its own, which the manifest imports before
    // firebase-functions: inlined, its code would run after the manifest's imports had been compiled.
    codeSplitting: { groups: [{ name: 'compile-cache', test: /lib\/compile-cache(-on)?\.js$/ }] },
    sourcemap: true,
  },
});
