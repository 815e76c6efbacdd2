import { existsSync } from 'node:fs';
import { constants, enableCompileCache, flushCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Where the deploy's build step leaves V8's compiled code of what a first call loads:
 * `functions/.compile-cache` (from `dist/` and `lib/` alike), shipped in the function's package.
 */
export const COMPILE_CACHE_DIR = fileURLToPath(new URL('../.compile-cache', import.meta.url));

/**
 * Turns Node's compile cache on when a primed one was shipped (`dir` exists): an instance's
 * first call then loads the flow, the kit, firebase-admin and gRPC from compiled code instead
 * of compiling them. Without one it does nothing: an empty cache would cost every cold start
 * its writes and help only the instance that wrote it. Returns whether the cache is on.
 */
export function useCompileCache(dir: string = COMPILE_CACHE_DIR): boolean {
  if (!existsSync(dir)) return false;
  const { status } = enableCompileCache(dir);
  return status === constants.compileCacheStatus.ENABLED || status === constants.compileCacheStatus.ALREADY_ENABLED;
}

/**
 * Fills the compile cache at `dir` with the modules `specifiers` name (imported, not run: no
 * request, no Firestore), then writes it out: what a build step can do before the deploy.
 */
export async function primeCompileCache(dir: string, specifiers: readonly string[]): Promise<void> {
  enableCompileCache(dir);
  for (const specifier of specifiers) await import(specifier);
  flushCompileCache();
}
