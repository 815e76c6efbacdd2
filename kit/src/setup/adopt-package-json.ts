/** The parts of a package.json the starter reads and writes. */
export interface PackageJson {
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** The kit's own manifest: its version, what it depends on and its peers. */
export interface KitManifest {
  version: string;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}

/**
 * What `npm run emulators` runs: the functions, Firestore (with the rules firebase.json names)
 * and auth, their data imported from `dataDir` (relative to the functions' folder) and exported
 * back to it on exit, so the users signed up and the sessions outlive a restart.
 */
export function emulatorsScript(dataDir: string): string {
  return `npm run build && firebase emulators:start --only functions,firestore,auth --import ${dataDir} --export-on-exit`;
}

/** What `npm test` runs: the project's own build, then Node's test runner on the compiled tests. */
export const TEST_SCRIPT = 'npm run build && node --test "lib/**/*.test.js"';

/**
 * The functions' package.json made ready for the kit: ESM (the kit is ESM only), the kit, the
 * protocol and zod added, firebase-admin and firebase-functions added when missing (in the kit's
 * peer ranges), and `test` and `emulators` scripts. What is there already is kept: a dependency
 * installed from a tarball keeps its tarball, a script of the project's own is not replaced.
 */
export function adoptPackageJson(pkg: PackageJson, kit: KitManifest, dataDir: string): PackageJson {
  const wanted: Record<string, string> = {
    '@callable-flows/kit': `^${kit.version}`,
    '@callable-flows/protocol': kit.dependencies['@callable-flows/protocol'] ?? `^${kit.version}`,
    zod: kit.dependencies.zod ?? '^4.0.0',
    'firebase-admin': kit.peerDependencies['firebase-admin'] ?? '*',
    'firebase-functions': kit.peerDependencies['firebase-functions'] ?? '*',
  };
  const dependencies = { ...pkg.dependencies };
  for (const [name, range] of Object.entries(wanted)) dependencies[name] ??= range;
  const scripts = { ...pkg.scripts };
  scripts.test ??= TEST_SCRIPT;
  scripts.emulators ??= emulatorsScript(dataDir);
  return { ...pkg, type: 'module', scripts, dependencies: sortedKeys(dependencies) };
}

function sortedKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
