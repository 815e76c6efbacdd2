import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * Where the bench-only Genkit lives: `bench/genkit` at the repo root (installed on demand by
 * scripts/bench.sh), never a dependency of functions/.
 */
export const GENKIT_BENCH_DIR = resolve(
  process.env.GENKIT_BENCH_DIR ?? join(import.meta.dirname, '..', '..', '..', '..', 'bench', 'genkit'),
);

/** A `require` that resolves packages from the bench-only Genkit folder, and Genkit's version. */
export interface GenkitInstall {
  require: NodeJS.Require;
  version: string;
}

/** Loads the bench-only Genkit install; throws, saying how to install it, when it is missing. */
export function loadGenkit(): GenkitInstall {
  const manifest = join(GENKIT_BENCH_DIR, 'node_modules', 'genkit', 'package.json');
  if (!existsSync(manifest)) {
    throw new Error(
      `Genkit is not installed in ${GENKIT_BENCH_DIR}: run \`npm run bench -- vs-genkit\` (it installs it), or \`npm ci --prefix bench/genkit\``,
    );
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { require: createRequire(join(GENKIT_BENCH_DIR, 'package.json')), version };
}
